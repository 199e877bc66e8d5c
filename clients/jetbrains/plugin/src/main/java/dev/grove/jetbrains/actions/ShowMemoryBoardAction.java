package dev.grove.jetbrains.actions;

import dev.grove.client.webui.WebUiView;

/** Opens the memory board of the IDE project's folder in the Grove tool window. */
public final class ShowMemoryBoardAction extends ShowTabAction {
  public ShowMemoryBoardAction() {
    super(WebUiView.BOARD);
  }
}
