package dev.grove.client.view;

import dev.grove.client.api.GroveApi;
import dev.grove.client.model.Suggestion;
import dev.grove.client.rpc.RpcErrorException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Pending suggestion cards of the selected project. Follows didCreate/didChange, so a card resolved
 * in another editor disappears here too. A server without suggestions (-32601) leaves it empty and
 * {@link #supported()} false, instead of an error.
 */
public final class SuggestionsModel extends Observable<List<Suggestion>> {
  private final GroveApi api;
  private final ContextTreeModel tree;
  private final Refresher refresher;
  private volatile boolean supported = true;
  private volatile Throwable lastError;

  public SuggestionsModel(GroveApi api, ContextTreeModel tree) {
    super(List.of());
    this.api = api;
    this.tree = tree;
    this.refresher = new Refresher(this::reload, e -> lastError = e);
  }

  public boolean supported() {
    return supported;
  }

  public Throwable lastError() {
    return lastError;
  }

  public CompletableFuture<Void> refresh() {
    return refresher.request();
  }

  synchronized void onCreated(Suggestion s) {
    if (!belongsHere(s) || !s.isPending()) return;
    List<Suggestion> next = new ArrayList<>(get());
    next.removeIf(x -> x.id().equals(s.id()));
    next.add(s);
    set(List.copyOf(next));
  }

  synchronized void onChanged(Suggestion s) {
    if (!belongsHere(s)) return;
    List<Suggestion> next = new ArrayList<>(get());
    next.removeIf(x -> x.id().equals(s.id()));
    if (s.isPending()) next.add(s);
    set(List.copyOf(next));
  }

  private boolean belongsHere(Suggestion s) {
    return s != null && s.projectId() != null && s.projectId().equals(tree.projectId());
  }

  private CompletableFuture<?> reload() {
    String id = tree.projectId();
    if (id == null) {
      set(List.of());
      return CompletableFuture.completedFuture(null);
    }
    return api.suggestionList(id, "pending").handle((list, err) -> {
      Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
      if (cause instanceof RpcErrorException r && r.code() == RpcErrorException.METHOD_NOT_FOUND) {
        supported = false;
        set(List.of());
        return null;
      }
      if (cause != null) throw new CompletionException(cause);
      supported = true;
      if (id.equals(tree.projectId())) set(List.copyOf(list));
      return null;
    });
  }
}
