package dev.grove.client.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Mirrors lsp-server/PROTOCOL.md (protocol version 1): every method and notification the protocol
 * defines, each named exactly once on the Java side. ProtocolMirrorTest compares this list with
 * the document's {@code **Method:**} and {@code **Notification:**} lines in both directions (and
 * the lifecycle names with its Lifecycle section); the server's ProtocolDocTest finds this file
 * by its name, Methods.java.
 *
 * <p>Entries marked {@link Doc#AWAITING} belong to issues whose methods this client already speaks
 * but PROTOCOL.md does not document yet; the test fails once the document gains one of them, so
 * the mark is flipped in the same change and the mirror never claims more than it knows.
 */
public final class Methods {
  public enum Kind { REQUEST, NOTIFICATION }

  /** Who sends it. */
  public enum Direction { CLIENT_TO_SERVER, SERVER_TO_CLIENT }

  public enum Doc { DOCUMENTED, AWAITING }

  /** {@code used} is false for methods in the protocol that this client does not call yet. */
  public record Spec(String name, Kind kind, Direction direction, Doc doc, boolean used) {}

  // Lifecycle (DESIGN.md §6).
  public static final String INITIALIZE = "initialize";
  public static final String INITIALIZED = "initialized";
  public static final String SHUTDOWN = "shutdown";
  public static final String EXIT = "exit";
  public static final String CANCEL_REQUEST = "$/cancelRequest";

  // Foundation.
  public static final String PROJECT_CREATE = "grove/project/create";
  public static final String PROJECT_LIST = "grove/project/list";
  public static final String PROJECT_GET = "grove/project/get";
  public static final String PROJECT_STRUCTURE = "grove/project/structure";
  public static final String PROJECT_BRANCHES = "grove/project/branches";
  public static final String PROJECT_RENAME = "grove/project/rename";
  public static final String PROJECT_DELETE = "grove/project/delete";
  public static final String PROJECT_RESTORE = "grove/project/restore";
  public static final String UNIT_APPEND = "grove/unit/append";
  public static final String UNIT_GET = "grove/unit/get";
  public static final String UNIT_GET_MANY = "grove/unit/getMany";
  public static final String UNIT_REVISIONS = "grove/unit/revisions";
  public static final String UNIT_EDIT = "grove/unit/edit";
  public static final String UNIT_SET_SCOPE = "grove/unit/setScope";
  public static final String UNIT_DELETE = "grove/unit/delete";
  public static final String MAINLINE_SET = "grove/mainline/set";
  public static final String BRANCH_UPDATE = "grove/branch/update";
  public static final String SCOPE_PREVIEW = "grove/scope/preview";
  public static final String SCOPE_RESET = "grove/scope/reset";
  public static final String HISTORY_UNDO = "grove/history/undo";
  public static final String HISTORY_REDO = "grove/history/redo";
  public static final String SEARCH = "grove/search";
  public static final String SERVER_METHODS = "grove/server/methods";
  public static final String SERVER_CLIENTS = "grove/server/clients";
  // Captured code's anchors (issue 16): no IDE action yet.
  public static final String WORKSPACE_REFRESH = "grove/workspace/refresh";
  // Import and export (issue 18): used by the command line, no IDE action yet.
  public static final String IMPORT_RUN = "grove/import/run";
  public static final String EXPORT_RUN = "grove/export/run";
  // The memory board (issue 16): the core's methods; the board view comes later.
  public static final String BOARD_CAPTURE = "grove/board/capture";
  public static final String BOARD_GET = "grove/board/get";
  public static final String BOARD_EDIT = "grove/board/edit";
  public static final String BOARD_UNDO = "grove/board/undo";
  public static final String BOARD_REDO = "grove/board/redo";
  public static final String BOARD_DID_CHANGE = "grove/board/didChange";
  public static final String BOARD_REORGANIZE = "grove/board/reorganize";
  public static final String WORKSPACE_CONFIGURE = "grove/workspace/configure";
  // Knowledge map (issue 17): the core answers them, no IDE view yet.
  public static final String KNOWLEDGE_GET = "grove/knowledge/get";
  public static final String KNOWLEDGE_CLASSIFY = "grove/knowledge/classify";
  public static final String KNOWLEDGE_ASK = "grove/knowledge/ask";
  public static final String KNOWLEDGE_EDIT = "grove/knowledge/edit";
  public static final String KNOWLEDGE_UNDO = "grove/knowledge/undo";
  public static final String KNOWLEDGE_REDO = "grove/knowledge/redo";
  public static final String KNOWLEDGE_TO_UNIT = "grove/knowledge/toUnit";
  public static final String KNOWLEDGE_FROM_UNIT = "grove/knowledge/fromUnit";
  public static final String KNOWLEDGE_DID_CHANGE = "grove/knowledge/didChange";
  public static final String PROJECT_DID_CHANGE = "grove/project/didChange";

  // Chat (issue 3).
  public static final String CHAT_SEND = "grove/chat/send";
  public static final String CHAT_REGENERATE = "grove/chat/regenerate";
  public static final String CHAT_DID_STREAM = "grove/chat/didStream";
  public static final String PROJECT_SET_CURSOR = "grove/project/setCursor";
  public static final String PROVIDER_LIST = "grove/provider/list";
  public static final String BRANCH_SUMMARIZE = "grove/branch/summarize";
  public static final String BRANCH_RETURN = "grove/branch/return";

  // Suggestions (issue 7).
  public static final String SUGGESTION_ANALYZE = "grove/suggestion/analyze";
  public static final String SUGGESTION_LIST = "grove/suggestion/list";
  public static final String SUGGESTION_RESOLVE = "grove/suggestion/resolve";
  public static final String SUGGESTION_DID_CREATE = "grove/suggestion/didCreate";
  public static final String SUGGESTION_DID_CHANGE = "grove/suggestion/didChange";
  public static final String INITIATIVE_GET = "grove/initiative/get";
  public static final String INITIATIVE_SET = "grove/initiative/set";
  public static final String CAPSULE_EXTRACT = "grove/capsule/extract";
  public static final String CAPSULE_LIST = "grove/capsule/list";
  public static final String CAPSULE_UPDATE = "grove/capsule/update";
  public static final String CAPSULE_SET_ENABLED = "grove/capsule/setEnabled";
  public static final String CAPSULE_DELETE = "grove/capsule/delete";
  public static final String USER_MODEL_GET = "grove/userModel/get";
  public static final String USER_MODEL_RESET = "grove/userModel/reset";

  // Memolets (issue 8).
  public static final String MEMOLET_CREATE = "grove/memolet/create";
  public static final String MEMOLET_GET = "grove/memolet/get";
  public static final String MEMOLET_LIST = "grove/memolet/list";
  public static final String MEMOLET_SEARCH = "grove/memolet/search";
  public static final String MEMOLET_MAP = "grove/memolet/map";
  public static final String MEMOLET_COMPLETE = "grove/memolet/complete";
  public static final String MEMOLET_SANDBOX_LIST = "grove/memolet/sandbox/list";
  public static final String MEMOLET_SANDBOX_ADD = "grove/memolet/sandbox/add";
  public static final String MEMOLET_SANDBOX_REMOVE = "grove/memolet/sandbox/remove";
  public static final String MEMOLET_SANDBOX_GROUP = "grove/memolet/sandbox/group";
  public static final String MEMOLET_SANDBOX_UNGROUP = "grove/memolet/sandbox/ungroup";
  public static final String MEMOLET_DID_CHANGE = "grove/memolet/didChange";
  public static final String CHAT_REFINE = "grove/chat/refine";

  // The knowledge map (DESIGN.md §11; the shared web UI's knowledge view calls them through the
  // tool window's relay, as it calls the board's above).
  public static final String KNOWLEDGE_SUGGEST = "grove/knowledge/suggest";
  public static final String KNOWLEDGE_INGEST = "grove/knowledge/ingest";

  public static final List<Spec> ALL = List.of(
      req(INITIALIZE, Doc.DOCUMENTED),
      note(INITIALIZED, Doc.DOCUMENTED),
      req(SHUTDOWN, Doc.DOCUMENTED),
      note(EXIT, Doc.DOCUMENTED),
      note(CANCEL_REQUEST, Doc.DOCUMENTED),
      req(PROJECT_CREATE, Doc.DOCUMENTED),
      req(PROJECT_LIST, Doc.DOCUMENTED),
      req(PROJECT_GET, Doc.DOCUMENTED),
      req(PROJECT_STRUCTURE, Doc.DOCUMENTED),
      req(PROJECT_BRANCHES, Doc.DOCUMENTED),
      req(PROJECT_RENAME, Doc.DOCUMENTED),
      req(PROJECT_DELETE, Doc.DOCUMENTED),
      req(PROJECT_RESTORE, Doc.DOCUMENTED),
      req(UNIT_APPEND, Doc.DOCUMENTED),
      req(UNIT_GET, Doc.DOCUMENTED),
      req(UNIT_GET_MANY, Doc.DOCUMENTED),
      req(UNIT_REVISIONS, Doc.DOCUMENTED),
      req(UNIT_EDIT, Doc.DOCUMENTED),
      req(UNIT_SET_SCOPE, Doc.DOCUMENTED),
      req(UNIT_DELETE, Doc.DOCUMENTED),
      req(MAINLINE_SET, Doc.DOCUMENTED),
      req(BRANCH_UPDATE, Doc.DOCUMENTED),
      req(SCOPE_PREVIEW, Doc.DOCUMENTED),
      req(SCOPE_RESET, Doc.DOCUMENTED),
      req(HISTORY_UNDO, Doc.DOCUMENTED),
      req(HISTORY_REDO, Doc.DOCUMENTED),
      req(SEARCH, Doc.DOCUMENTED),
      req(SERVER_METHODS, Doc.DOCUMENTED),
      req(SERVER_CLIENTS, Doc.DOCUMENTED),
      unused(IMPORT_RUN, Doc.DOCUMENTED),
      unused(EXPORT_RUN, Doc.DOCUMENTED),
      fromServer(PROJECT_DID_CHANGE, Doc.DOCUMENTED),
      req(CHAT_SEND, Doc.DOCUMENTED),
      req(CHAT_REGENERATE, Doc.DOCUMENTED),
      fromServer(CHAT_DID_STREAM, Doc.DOCUMENTED),
      req(PROJECT_SET_CURSOR, Doc.DOCUMENTED),
      req(PROVIDER_LIST, Doc.DOCUMENTED),
      req(BRANCH_SUMMARIZE, Doc.DOCUMENTED),
      req(BRANCH_RETURN, Doc.DOCUMENTED),
      req(SUGGESTION_ANALYZE, Doc.DOCUMENTED),
      req(SUGGESTION_LIST, Doc.DOCUMENTED),
      req(SUGGESTION_RESOLVE, Doc.DOCUMENTED),
      fromServer(SUGGESTION_DID_CREATE, Doc.DOCUMENTED),
      fromServer(SUGGESTION_DID_CHANGE, Doc.DOCUMENTED),
      req(INITIATIVE_GET, Doc.DOCUMENTED),
      req(INITIATIVE_SET, Doc.DOCUMENTED),
      req(CAPSULE_EXTRACT, Doc.DOCUMENTED),
      req(CAPSULE_LIST, Doc.DOCUMENTED),
      req(CAPSULE_UPDATE, Doc.DOCUMENTED),
      req(CAPSULE_SET_ENABLED, Doc.DOCUMENTED),
      req(CAPSULE_DELETE, Doc.DOCUMENTED),
      req(USER_MODEL_GET, Doc.DOCUMENTED),
      unused(USER_MODEL_RESET, Doc.DOCUMENTED),
      req(MEMOLET_CREATE, Doc.DOCUMENTED),
      req(MEMOLET_GET, Doc.DOCUMENTED),
      unused(MEMOLET_LIST, Doc.DOCUMENTED),
      req(MEMOLET_SEARCH, Doc.DOCUMENTED),
      unused(MEMOLET_MAP, Doc.DOCUMENTED),
      req(MEMOLET_COMPLETE, Doc.DOCUMENTED),
      req(MEMOLET_SANDBOX_LIST, Doc.DOCUMENTED),
      req(MEMOLET_SANDBOX_ADD, Doc.DOCUMENTED),
      unused(MEMOLET_SANDBOX_REMOVE, Doc.DOCUMENTED),
      unused(MEMOLET_SANDBOX_GROUP, Doc.DOCUMENTED),
      unused(MEMOLET_SANDBOX_UNGROUP, Doc.DOCUMENTED),
      fromServer(MEMOLET_DID_CHANGE, Doc.DOCUMENTED),
      unused(CHAT_REFINE, Doc.DOCUMENTED),
      unused(BOARD_CAPTURE, Doc.DOCUMENTED),
      req(BOARD_GET, Doc.DOCUMENTED),
      req(BOARD_EDIT, Doc.DOCUMENTED),
      req(BOARD_UNDO, Doc.DOCUMENTED),
      req(BOARD_REDO, Doc.DOCUMENTED),
      fromServer(BOARD_DID_CHANGE, Doc.DOCUMENTED),
      req(BOARD_REORGANIZE, Doc.DOCUMENTED),
      unused(WORKSPACE_CONFIGURE, Doc.DOCUMENTED),
      unused(WORKSPACE_REFRESH, Doc.DOCUMENTED),
      req(KNOWLEDGE_GET, Doc.DOCUMENTED),
      unused(KNOWLEDGE_CLASSIFY, Doc.DOCUMENTED),
      req(KNOWLEDGE_ASK, Doc.DOCUMENTED),
      req(KNOWLEDGE_EDIT, Doc.DOCUMENTED),
      req(KNOWLEDGE_SUGGEST, Doc.DOCUMENTED),
      req(KNOWLEDGE_INGEST, Doc.DOCUMENTED),
      req(KNOWLEDGE_UNDO, Doc.DOCUMENTED),
      req(KNOWLEDGE_REDO, Doc.DOCUMENTED),
      unused(KNOWLEDGE_TO_UNIT, Doc.DOCUMENTED),
      unused(KNOWLEDGE_FROM_UNIT, Doc.DOCUMENTED),
      fromServer(KNOWLEDGE_DID_CHANGE, Doc.DOCUMENTED));

  private static final Map<String, Spec> BY_NAME = index();

  private Methods() {}

  public static boolean isKnown(String name) {
    return BY_NAME.containsKey(name);
  }

  public static Spec spec(String name) {
    return BY_NAME.get(name);
  }

  private static Spec req(String name, Doc doc) {
    return new Spec(name, Kind.REQUEST, Direction.CLIENT_TO_SERVER, doc, true);
  }

  /** In the protocol, but nothing in this client calls it yet. */
  private static Spec unused(String name, Doc doc) {
    return new Spec(name, Kind.REQUEST, Direction.CLIENT_TO_SERVER, doc, false);
  }

  private static Spec note(String name, Doc doc) {
    return new Spec(name, Kind.NOTIFICATION, Direction.CLIENT_TO_SERVER, doc, true);
  }

  private static Spec fromServer(String name, Doc doc) {
    return new Spec(name, Kind.NOTIFICATION, Direction.SERVER_TO_CLIENT, doc, true);
  }

  private static Map<String, Spec> index() {
    Map<String, Spec> m = new LinkedHashMap<>();
    for (Spec s : ALL) {
      if (m.put(s.name(), s) != null) throw new IllegalStateException("duplicate method " + s.name());
    }
    return Map.copyOf(m);
  }
}
