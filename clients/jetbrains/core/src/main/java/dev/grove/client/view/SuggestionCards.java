package dev.grove.client.view;

import dev.grove.client.api.GroveApi;
import dev.grove.client.api.GroveApi.Decision;
import dev.grove.client.model.Suggestion;
import dev.grove.client.model.SuggestionNotice;
import dev.grove.client.model.SuggestionResolution;
import dev.grove.client.rpc.RpcErrorException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The pending suggestion cards of every project the IDE shows, by project id. A project's cards
 * come from {@code grove/suggestion/list} when it is first watched (and after a server restart),
 * then only from {@code didCreate}/{@code didChange}: a card resolved in another window, or passed
 * by when the user sent the next message (state ignored), disappears here as well.
 *
 * <p>The list and the notifications race (they arrive on different threads, and a list answer
 * may describe the store before or after a notification). Every notification gets a stamp; a list
 * answer only speaks for suggestions no notification mentioned since the list was asked for, so
 * a stale list never brings back a card that was just resolved.
 *
 * <p>A server without suggestions (-32601) leaves everything empty and {@link #supported()} false.
 */
public final class SuggestionCards extends Observable<Map<String, List<SuggestionCard>>> {
  private final GroveApi api;
  private final Map<String, Tracked> watched = new HashMap<>(); // guarded by this
  private long clock; // guarded by this
  private volatile boolean supported = true;
  private volatile Throwable lastError;

  /** One watched project: the latest known state of each suggestion, and when it was learnt. */
  private final class Tracked {
    final String projectId;
    final Map<String, Known> byId = new LinkedHashMap<>();
    final Refresher refresher;
    long listAskedAt;

    Tracked(String projectId) {
      this.projectId = projectId;
      this.refresher = new Refresher(() -> load(this), e -> lastError = e);
    }
  }

  private record Known(Suggestion suggestion, long stamp) {}

  public SuggestionCards(GroveApi api) {
    super(Map.of());
    this.api = api;
  }

  public boolean supported() {
    return supported;
  }

  public Throwable lastError() {
    return lastError;
  }

  /** Starts following a project's cards; completes when its pending suggestions are loaded. */
  public CompletableFuture<Void> watch(String projectId) {
    Tracked t;
    synchronized (this) {
      t = watched.computeIfAbsent(projectId, Tracked::new);
    }
    return t.refresher.request();
  }

  public void unwatch(String projectId) {
    synchronized (this) {
      if (watched.remove(projectId) == null) return;
      publish();
    }
  }

  /** Reloads every watched project (after a server restart the client may have missed notifications). */
  public CompletableFuture<Void> refreshAll() {
    List<Tracked> all;
    synchronized (this) {
      all = List.copyOf(watched.values());
    }
    return CompletableFuture.allOf(all.stream().map(t -> t.refresher.request()).toArray(CompletableFuture[]::new));
  }

  /** The pending cards of one project, oldest first (empty when it is not watched). */
  public List<SuggestionCard> cards(String projectId) {
    List<SuggestionCard> cards = get().get(projectId);
    return cards == null ? List.of() : cards;
  }

  /** The card of a suggestion, in any watched project, or null when none is pending. */
  public SuggestionCard find(String suggestionId) {
    for (List<SuggestionCard> cards : get().values()) {
      for (SuggestionCard c : cards) if (c.id().equals(suggestionId)) return c;
    }
    return null;
  }

  /**
   * Resolves a card. The card leaves at once from the answer; other windows learn it from the
   * server's didChange.
   */
  public CompletableFuture<SuggestionResolution> resolve(String suggestionId, Decision decision) {
    return api.suggestionResolve(suggestionId, decision).thenApply(r -> {
      Suggestion s = r.suggestion();
      if (s != null) apply(s.projectId(), s);
      return r;
    });
  }

  void onCreated(SuggestionNotice n) {
    if (n != null && n.suggestion() != null) apply(n.projectId(), n.suggestion());
  }

  void onChanged(SuggestionNotice n) {
    if (n != null && n.suggestion() != null) apply(n.projectId(), n.suggestion());
  }

  private synchronized void apply(String projectId, Suggestion s) {
    String pid = projectId != null ? projectId : s.projectId();
    Tracked t = pid == null ? null : watched.get(pid);
    if (t == null || s.id() == null || s.id().isEmpty()) return;
    t.byId.put(s.id(), new Known(s, ++clock));
    publish();
  }

  private CompletableFuture<?> load(Tracked t) {
    synchronized (this) {
      t.listAskedAt = clock;
    }
    return api.suggestionList(t.projectId, "pending").handle((list, err) -> {
      Throwable cause = err instanceof CompletionException && err.getCause() != null ? err.getCause() : err;
      if (cause instanceof RpcErrorException r && r.code() == RpcErrorException.METHOD_NOT_FOUND) {
        supported = false;
        return null;
      }
      if (cause != null) throw new CompletionException(cause);
      supported = true;
      merge(t, list);
      return null;
    });
  }

  /** A list answer: authoritative for every suggestion no notification has mentioned since it was asked. */
  private synchronized void merge(Tracked t, List<Suggestion> pending) {
    if (watched.get(t.projectId) != t) return; // unwatched meanwhile
    Map<String, Suggestion> listed = new LinkedHashMap<>();
    for (Suggestion s : pending) if (s.id() != null && !s.id().isEmpty()) listed.put(s.id(), s);
    t.byId.entrySet().removeIf(e -> e.getValue().stamp() <= t.listAskedAt && !listed.containsKey(e.getKey()));
    for (Suggestion s : listed.values()) {
      Known k = t.byId.get(s.id());
      if (k == null || k.stamp() <= t.listAskedAt) t.byId.put(s.id(), new Known(s, k == null ? 0 : k.stamp()));
    }
    publish();
  }

  private void publish() {
    Map<String, List<SuggestionCard>> next = new LinkedHashMap<>();
    for (Tracked t : watched.values()) {
      List<SuggestionCard> cards = new ArrayList<>();
      for (Known k : t.byId.values()) if (k.suggestion().isPending()) cards.add(SuggestionCard.of(k.suggestion()));
      next.put(t.projectId, List.copyOf(cards));
    }
    set(Map.copyOf(next));
  }
}
