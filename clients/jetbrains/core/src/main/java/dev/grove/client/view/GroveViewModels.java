package dev.grove.client.view;

import dev.grove.client.ClientEvent;
import dev.grove.client.ClientState;
import dev.grove.client.GroveClient;
import dev.grove.client.NotificationListener;
import dev.grove.client.api.GroveEventListener;
import dev.grove.client.model.ChatStreamed;
import dev.grove.client.model.ProjectChanged;
import dev.grove.client.model.SuggestionNotice;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The view models an IDE binds to, wired to one client: notifications update them, and every
 * READY after a restart reloads them all, since the new server may have missed nothing but the
 * client may have missed notifications while it was down.
 */
public final class GroveViewModels implements AutoCloseable {
  private final GroveClient client;
  private final ProjectListModel projects;
  private final ContextTreeModel tree;
  private final ChatModel chat;
  private final SuggestionCards suggestions;
  private final NotificationListener events;
  private final Consumer<ClientEvent> onState;

  public GroveViewModels(GroveClient client, String workspaceUri) {
    this.client = client;
    this.projects = new ProjectListModel(client.api(), workspaceUri);
    this.tree = new ContextTreeModel(client.api());
    this.chat = new ChatModel(tree);
    this.suggestions = new SuggestionCards(client.api());
    this.events = client.addEventListener(new GroveEventListener() {
      @Override
      public void onProjectChanged(ProjectChanged e) {
        projects.refresh();
        tree.onProjectChanged(e);
      }

      @Override
      public void onChatStreamed(ChatStreamed e) {
        chat.onChatStreamed(e);
      }

      @Override
      public void onSuggestionCreated(SuggestionNotice n) {
        suggestions.onCreated(n);
      }

      @Override
      public void onSuggestionChanged(SuggestionNotice n) {
        suggestions.onChanged(n);
      }
    });
    this.onState = e -> {
      if (e.state() == ClientState.READY && e.isRestart()) {
        chat.dropStreams();
        refreshAll();
      }
    };
    client.addStateListener(onState);
  }

  public ProjectListModel projects() {
    return projects;
  }

  public ContextTreeModel tree() {
    return tree;
  }

  public ChatModel chat() {
    return chat;
  }

  /** Pending suggestion cards of every watched project (the selected one is watched). */
  public SuggestionCards suggestions() {
    return suggestions;
  }

  /**
   * Shows a project in the tree and chat views and watches its suggestion cards. Cards of
   * projects selected before stay watched (another tool window may show them) until {@link
   * SuggestionCards#unwatch}.
   */
  public CompletableFuture<Void> selectProject(String projectId) {
    CompletableFuture<Void> cards = projectId == null ? CompletableFuture.completedFuture(null)
        : suggestions.watch(projectId);
    return CompletableFuture.allOf(tree.select(projectId), cards);
  }

  /** The selected project's pending cards. */
  public List<SuggestionCard> currentCards() {
    String id = tree.projectId();
    return id == null ? List.of() : suggestions.cards(id);
  }

  public CompletableFuture<Void> refreshAll() {
    return CompletableFuture.allOf(projects.refresh(), tree.refresh(), suggestions.refreshAll());
  }

  @Override
  public void close() {
    client.removeNotificationListener(events);
    client.removeStateListener(onState);
  }
}
