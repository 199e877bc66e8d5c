package dev.grove.jetbrains.actions;

import dev.grove.client.webui.WebUiView;

/** Opens the knowledge map of the IDE project's folder in the Grove tool window. */
public final class ShowKnowledgeMapAction extends ShowTabAction {
  public ShowKnowledgeMapAction() {
    super(WebUiView.KNOWLEDGE);
  }
}
