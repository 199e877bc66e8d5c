package dev.grove.client.view;

import dev.grove.client.model.ChatStreamed;
import dev.grove.client.model.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The chat of the current path: the units from the root to the project's cursor, in order, plus
 * the text of answers still streaming. Streamed deltas are kept per unit until the stored unit
 * catches up (status no longer "streaming"), so a slow reload never makes text jump backwards.
 */
public final class ChatModel extends Observable<List<ChatMessage>> {
  private final ContextTreeModel tree;
  private final Map<String, StringBuilder> streamed = new ConcurrentHashMap<>();
  /** Streams for units the tree has not loaded yet, shown after the path. */
  private final Map<String, String> orphanRoles = new ConcurrentHashMap<>();

  public ChatModel(ContextTreeModel tree) {
    super(List.of());
    this.tree = tree;
    tree.addListener(t -> rebuild());
  }

  /** The streamed text of a unit so far, or null when nothing streamed for it. */
  public String streamedText(String unitId) {
    StringBuilder sb = streamed.get(unitId);
    if (sb == null) return null;
    synchronized (sb) {
      return sb.toString();
    }
  }

  /** After a restart no stream continues: what the server stored is all there is. */
  void dropStreams() {
    streamed.clear();
    orphanRoles.clear();
    rebuild();
  }

  void onChatStreamed(ChatStreamed e) {
    if (e.projectId() == null || !e.projectId().equals(tree.projectId())) return;
    StringBuilder sb = streamed.computeIfAbsent(e.unitId(), k -> new StringBuilder());
    synchronized (sb) {
      if (e.text() != null) sb.append(e.text());
    }
    if (tree.get().node(e.unitId()) == null) orphanRoles.put(e.unitId(), "assistant");
    rebuild();
  }

  private synchronized void rebuild() {
    ContextTree t = tree.get();
    List<ChatMessage> out = new ArrayList<>();
    for (Unit u : t.path()) {
      if (u.isPlaceholder()) continue;
      String text = u.content();
      StringBuilder sb = streamed.get(u.id());
      if (sb != null) {
        if (!u.isStreaming()) {
          streamed.remove(u.id()); // stored text is final now
        } else {
          String s;
          synchronized (sb) {
            s = sb.toString();
          }
          if (text == null || s.length() > text.length()) text = s;
        }
      }
      out.add(new ChatMessage(u.id(), u.role(), u.kind(), text, u.status(), t.scopeOf(u.id())));
    }
    for (Map.Entry<String, String> e : orphanRoles.entrySet()) {
      if (t.node(e.getKey()) != null) {
        orphanRoles.remove(e.getKey());
        continue;
      }
      String s = streamedText(e.getKey());
      if (s != null) out.add(new ChatMessage(e.getKey(), e.getValue(), "message", s, "streaming", null));
    }
    set(List.copyOf(out));
  }
}
