package dev.grove.jetbrains.actions;

import dev.grove.jetbrains.toolWindow.GroveToolWindowFactory;

/** Opens the Grove tool window on its Context Map tab. */
public final class ShowContextMapAction extends ShowTabAction {
  public ShowContextMapAction() {
    super(GroveToolWindowFactory.MAP_TAB);
  }
}
