package dev.grove.client.api;

import static dev.grove.client.api.Methods.*;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.grove.client.model.Branch;
import dev.grove.client.model.BranchReturn;
import dev.grove.client.model.Capsule;
import dev.grove.client.model.ChatResult;
import dev.grove.client.model.DeleteResult;
import dev.grove.client.model.Initiative;
import dev.grove.client.model.Memolet;
import dev.grove.client.model.MemoletHit;
import dev.grove.client.model.MemoletSandbox;
import dev.grove.client.model.Project;
import dev.grove.client.model.ProjectBranches;
import dev.grove.client.model.ProjectDetail;
import dev.grove.client.model.ProjectStructure;
import dev.grove.client.model.ProviderInfo;
import dev.grove.client.model.Revision;
import dev.grove.client.model.ScopePreview;
import dev.grove.client.model.SearchHit;
import dev.grove.client.model.Suggestion;
import dev.grove.client.model.SuggestionResolution;
import dev.grove.client.model.Unit;
import dev.grove.client.model.UserModel;
import dev.grove.client.rpc.PendingRequest;
import dev.grove.client.rpc.ProtocolException;
import dev.grove.client.rpc.RpcChannel;
import dev.grove.client.rpc.RpcErrorException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Grove's protocol as Java methods, one per request in {@link Methods}. Every call is
 * asynchronous and bounded by a timeout; failures arrive as {@link
 * dev.grove.client.rpc.RpcErrorException} (with the server's data.kind), {@link
 * dev.grove.client.rpc.RequestTimeoutException} or {@link
 * dev.grove.client.rpc.ServerUnavailableException}. Nothing here holds state: the server owns it.
 */
public final class GroveApi {
  /** Chat turns stream for as long as the provider talks; they get a longer default deadline. */
  public static final Duration DEFAULT_CHAT_TIMEOUT = Duration.ofMinutes(10);

  private final RpcChannel channel;
  private final Duration timeout;
  private final Duration chatTimeout;

  public GroveApi(RpcChannel channel, Duration timeout) {
    this(channel, timeout, DEFAULT_CHAT_TIMEOUT);
  }

  public GroveApi(RpcChannel channel, Duration timeout, Duration chatTimeout) {
    this.channel = channel;
    this.timeout = timeout;
    this.chatTimeout = chatTimeout;
  }

  // ---- projects ----

  public CompletableFuture<Project> projectCreate(String title, String workspaceUri) {
    return call(PROJECT_CREATE, Params.create().opt("title", title).opt("workspaceUri", workspaceUri), Project.class);
  }

  /** Projects not in the trash, optionally only those of one workspace. */
  public CompletableFuture<List<Project>> projectList(String workspaceUri) {
    return projectList(workspaceUri, false);
  }

  /** With {@code includeDeleted}, projects in the trash are listed too (deletedAt set). */
  public CompletableFuture<List<Project>> projectList(String workspaceUri, boolean includeDeleted) {
    Params p = Params.create().opt("workspaceUri", workspaceUri);
    if (includeDeleted) p.opt("includeDeleted", true);
    return call(PROJECT_LIST, p, ProjectsResult.class).thenApply(r -> orEmpty(r.projects()));
  }

  public CompletableFuture<ProjectDetail> projectGet(String projectId) {
    return call(PROJECT_GET, Params.create().opt("projectId", projectId), ProjectDetail.class);
  }

  /**
   * The tree without its text (see {@link ProjectStructure}): what a view of a conversation of any
   * size reads, fetching the text of what it shows with {@link #unitGetMany}.
   */
  public CompletableFuture<ProjectStructure> projectStructure(String projectId) {
    return call(PROJECT_STRUCTURE, Params.create().opt("projectId", projectId), ProjectStructure.class);
  }

  /** The project and its branches' summaries, without reading its units (its cursor, its titles). */
  public CompletableFuture<ProjectBranches> projectBranches(String projectId) {
    return call(PROJECT_BRANCHES, Params.create().opt("projectId", projectId), ProjectBranches.class);
  }

  /**
   * The project without its tree (for its cursor or title): through {@link #projectBranches}, or
   * {@link #projectGet} on a core from before that method.
   */
  public CompletableFuture<Project> projectOnly(String projectId) {
    return projectBranches(projectId).thenApply(ProjectBranches::project).exceptionallyCompose(err ->
        RpcErrorException.is(err, RpcErrorException.METHOD_NOT_FOUND)
            ? projectGet(projectId).thenApply(ProjectDetail::project)
            : CompletableFuture.failedFuture(err));
  }

  public CompletableFuture<Project> projectRename(String projectId, String title) {
    return call(PROJECT_RENAME, Params.create().opt("projectId", projectId).opt("title", title), Project.class);
  }

  /** Moves the project to the trash; {@link #projectRestore} brings it back. */
  public CompletableFuture<Void> projectDelete(String projectId) {
    return call(PROJECT_DELETE, Params.create().opt("projectId", projectId), JsonElement.class).thenApply(r -> null);
  }

  public CompletableFuture<Project> projectRestore(String projectId) {
    return call(PROJECT_RESTORE, Params.create().opt("projectId", projectId), Project.class);
  }

  /** Records where the user is working; every client follows it through didChange op "cursor". */
  public CompletableFuture<Void> projectSetCursor(String projectId, String cursorId) {
    return call(PROJECT_SET_CURSOR, Params.create().opt("projectId", projectId).nullable("cursorId", cursorId),
        JsonElement.class).thenApply(r -> null);
  }

  // ---- units ----

  public CompletableFuture<Unit> unitAppend(UnitDraft d) {
    Params p = Params.create()
        .opt("projectId", d.projectId)
        .nullable("parentId", d.parentId)
        .opt("role", d.role)
        .opt("kind", d.kind)
        .opt("content", d.content)
        .opt("source", d.source);
    if (d.branch != null) p.raw("branch", branchInfo(d.branch));
    return call(UNIT_APPEND, p, Unit.class);
  }

  public CompletableFuture<Unit> unitGet(String unitId) {
    return call(UNIT_GET, Params.create().opt("unitId", unitId), Unit.class);
  }

  public CompletableFuture<List<Unit>> unitGetMany(Collection<String> unitIds) {
    return call(UNIT_GET_MANY, Params.create().ids("unitIds", unitIds), UnitsResult.class)
        .thenApply(r -> orEmpty(r.units()));
  }

  /** Earlier contents of a unit, oldest first as the server orders them. */
  public CompletableFuture<List<Revision>> unitRevisions(String unitId) {
    return call(UNIT_REVISIONS, Params.create().opt("unitId", unitId), RevisionsResult.class)
        .thenApply(r -> orEmpty(r.revisions()));
  }

  public CompletableFuture<Unit> unitEdit(String unitId, String content) {
    return call(UNIT_EDIT, Params.create().opt("unitId", unitId).opt("content", content), Unit.class);
  }

  /** Sets scope; {@link Scope#TOGGLE} needs the cursor the user is looking from. */
  public CompletableFuture<List<Unit>> unitSetScope(Collection<String> unitIds, Scope scope, String cursorId) {
    return call(UNIT_SET_SCOPE,
        Params.create().ids("unitIds", unitIds).opt("scope", scope.wire()).opt("cursorId", cursorId),
        UnitsResult.class).thenApply(r -> orEmpty(r.units()));
  }

  /** Deletes units (or whole subtrees); with {@code preview} nothing changes, only the answer. */
  public CompletableFuture<DeleteResult> unitDelete(Collection<String> unitIds, boolean subtree, boolean preview) {
    return call(UNIT_DELETE,
        Params.create().ids("unitIds", unitIds).opt("subtree", subtree).opt("preview", preview),
        DeleteResult.class);
  }

  // ---- structure ----

  public CompletableFuture<Project> mainlineSet(String projectId, Change<String> startId, Change<String> endId) {
    return call(MAINLINE_SET,
        Params.create().opt("projectId", projectId).change("startId", startId).change("endId", endId),
        Project.class);
  }

  public CompletableFuture<Branch> branchUpdate(String projectId, String headId, Change<String> title,
      Change<String> intent, Change<String> status) {
    return call(BRANCH_UPDATE,
        Params.create().opt("projectId", projectId).opt("headId", headId)
            .change("title", title).change("intent", intent).change("status", status),
        Branch.class);
  }

  /** Writes (or rewrites) the branch's summary now instead of on the next path switch. */
  public CompletableFuture<Branch> branchSummarize(String projectId, String headId) {
    return call(BRANCH_SUMMARIZE, Params.create().opt("projectId", projectId).opt("headId", headId), Branch.class);
  }

  /**
   * Returns from a branch by hand, as an accepted return card does: completed with {@code summary}
   * (null: the one the core writes), the cursor back on the path the branch left.
   */
  public CompletableFuture<BranchReturn> branchReturn(String projectId, String headId, String summary) {
    return call(BRANCH_RETURN,
        Params.create().opt("projectId", projectId).opt("headId", headId).opt("summary", summary), BranchReturn.class);
  }

  // ---- scope ----

  /** Exactly what the model would see for a turn at {@code cursorId} (null: only included units). */
  public CompletableFuture<ScopePreview> scopePreview(String projectId, String cursorId, String prompt,
      Integer budgetTokens) {
    return call(SCOPE_PREVIEW, scopeAt(projectId, cursorId).opt("prompt", prompt).opt("budgetTokens", budgetTokens),
        ScopePreview.class);
  }

  /**
   * The same scope without the prompt's text ({@code withText: false}): which units are sent, included,
   * excluded and truncated, for marking them. At the tip of a long path the text is the whole prompt.
   */
  public CompletableFuture<ScopePreview> scopeMarks(String projectId, String cursorId) {
    return call(SCOPE_PREVIEW, scopeAt(projectId, cursorId).opt("withText", false), ScopePreview.class);
  }

  private static Params scopeAt(String projectId, String cursorId) {
    return Params.create().opt("projectId", projectId).nullable("cursorId", cursorId);
  }

  public CompletableFuture<Void> scopeReset(String projectId) {
    return call(SCOPE_RESET, Params.create().opt("projectId", projectId), JsonElement.class).thenApply(r -> null);
  }

  // ---- history and search ----

  public CompletableFuture<Project> historyUndo(String projectId) {
    return call(HISTORY_UNDO, Params.create().opt("projectId", projectId), Project.class);
  }

  public CompletableFuture<Project> historyRedo(String projectId) {
    return call(HISTORY_REDO, Params.create().opt("projectId", projectId), Project.class);
  }

  public CompletableFuture<List<SearchHit>> search(String query, String projectId, Integer limit) {
    return call(SEARCH, Params.create().opt("query", query).opt("projectId", projectId).opt("limit", limit),
        HitsResult.class).thenApply(r -> orEmpty(r.hits()));
  }

  // ---- chat ----

  /**
   * Sends a user message and streams the answer ({@code grove/chat/didStream} notifications). The
   * handle's {@code cancel()} stops the provider; the future then still completes, with
   * finishReason "cancelled" and the partial answer kept as an interrupted unit.
   */
  public PendingRequest<ChatResult> chatSend(String projectId, String parentId, String content,
      UnitDraft.BranchInfo branch) {
    return chatSend(projectId, parentId, content, branch, null);
  }

  /** As above, with {@code model} overriding the provider's chat model for this turn (null: default). */
  public PendingRequest<ChatResult> chatSend(String projectId, String parentId, String content,
      UnitDraft.BranchInfo branch, String model) {
    Params p = Params.create().opt("projectId", projectId).nullable("parentId", parentId).opt("content", content)
        .opt("model", model);
    if (branch != null) p.raw("branch", branchInfo(branch));
    return send(CHAT_SEND, p, ChatResult.class, chatTimeout);
  }

  /**
   * Another answer: for an assistant unit a new sibling answer (it starts a branch), for a user
   * unit one more answer to it. The cursor moves to the new answer.
   */
  public PendingRequest<ChatResult> chatRegenerate(String unitId, String model) {
    return send(CHAT_REGENERATE, Params.create().opt("unitId", unitId).opt("model", model), ChatResult.class,
        chatTimeout);
  }

  /** Configured providers and models with their state (never keys). */
  public CompletableFuture<List<ProviderInfo>> providerList() {
    return call(PROVIDER_LIST, Params.create(), ProvidersResult.class).thenApply(r -> orEmpty(r.providers()));
  }

  // ---- suggestions (issue 7) ----

  /** Stored suggestions of a project, oldest first; {@code state} null lists every state. */
  public CompletableFuture<List<Suggestion>> suggestionList(String projectId, String state) {
    return call(SUGGESTION_LIST, Params.create().opt("projectId", projectId).opt("state", state),
        SuggestionsResult.class).thenApply(r -> orEmpty(r.suggestions()));
  }

  /**
   * What the core would suggest for a message about to be sent from {@code cursorId} (null: the
   * project's cursor). Nothing is stored, so the suggestions have the id "" and cannot be resolved.
   */
  public CompletableFuture<List<Suggestion>> suggestionAnalyze(String projectId, String cursorId, String prompt) {
    return call(SUGGESTION_ANALYZE,
        Params.create().opt("projectId", projectId).nullable("cursorId", cursorId).opt("prompt", prompt),
        SuggestionsResult.class).thenApply(r -> orEmpty(r.suggestions()));
  }

  /** Accept (carry it out, one undoable operation), reject or defer; says what changed. */
  public CompletableFuture<SuggestionResolution> suggestionResolve(String suggestionId, Decision decision) {
    return call(SUGGESTION_RESOLVE,
        Params.create().opt("suggestionId", suggestionId).opt("decision", decision.wire()), SuggestionResolution.class);
  }

  public CompletableFuture<Initiative> initiativeGet(String projectId) {
    return call(INITIATIVE_GET, Params.create().opt("projectId", projectId), Initiative.class);
  }

  /** Changes what is given (null: unchanged); level is off, on_demand or suggest. */
  public CompletableFuture<Initiative> initiativeSet(String projectId, String level, Integer cooldownTurns,
      Integer maxPerHour) {
    return call(INITIATIVE_SET, Params.create().opt("projectId", projectId).opt("level", level)
        .opt("cooldownTurns", cooldownTurns).opt("maxPerHour", maxPerHour), Initiative.class);
  }

  public CompletableFuture<UserModel> userModelGet() {
    return call(USER_MODEL_GET, Params.create(), UserModel.class);
  }

  // ---- capsules (issue 7) ----

  /** Builds a capsule of {@code type} (reasoning, task_sop, context_case) from the units. */
  public CompletableFuture<Capsule> capsuleExtract(String projectId, Collection<String> unitIds, String type) {
    return call(CAPSULE_EXTRACT, Params.create().opt("projectId", projectId).ids("unitIds", unitIds).opt("type", type),
        Capsule.class);
  }

  /** Capsules of every project, or (with a project id) those extracted in or enabled in it. */
  public CompletableFuture<List<Capsule>> capsuleList(String projectId) {
    return call(CAPSULE_LIST, Params.create().opt("projectId", projectId), CapsulesResult.class)
        .thenApply(r -> orEmpty(r.capsules()));
  }

  /** Edits what is given (null: unchanged); {@code reviewed} true is the user's sign-off. */
  public CompletableFuture<Capsule> capsuleUpdate(String capsuleId, String name, String instruction, String example,
      Boolean reviewed) {
    return call(CAPSULE_UPDATE, Params.create().opt("capsuleId", capsuleId).opt("name", name)
        .opt("instruction", instruction).opt("example", example).opt("reviewed", reviewed), Capsule.class);
  }

  /** Refused with 1002 {@code reviewPending} while the capsule awaits review. */
  public CompletableFuture<Capsule> capsuleSetEnabled(String capsuleId, String projectId, boolean enabled) {
    return call(CAPSULE_SET_ENABLED,
        Params.create().opt("capsuleId", capsuleId).opt("projectId", projectId).opt("enabled", enabled), Capsule.class);
  }

  public CompletableFuture<Void> capsuleDelete(String capsuleId) {
    return call(CAPSULE_DELETE, Params.create().opt("capsuleId", capsuleId), JsonElement.class).thenApply(r -> null);
  }

  // ---- memolets (issue 8) ----

  /** A memolet made of whole units. */
  public CompletableFuture<Memolet> memoletCreate(String projectId, Collection<String> unitIds, String title) {
    return call(MEMOLET_CREATE, Params.create().opt("projectId", projectId).ids("unitIds", unitIds).opt("title", title),
        Memolet.class);
  }

  /** Memory search across every project, or one ({@code projectId}); best first. */
  public CompletableFuture<List<MemoletHit>> memoletSearch(String query, Integer limit, String projectId) {
    Params p = Params.create().opt("query", query).opt("limit", limit);
    if (projectId != null) p.raw("scope", Params.create().opt("projectId", projectId).build());
    return call(MEMOLET_SEARCH, p, MemoletHitsResult.class).thenApply(r -> orEmpty(r.results()));
  }

  public CompletableFuture<MemoletSandbox> memoletSandboxList(String projectId) {
    return call(MEMOLET_SANDBOX_LIST, Params.create().opt("projectId", projectId), MemoletSandbox.class);
  }

  /** Pins a memolet into the project's sandbox; answers with the whole sandbox. */
  public CompletableFuture<MemoletSandbox> memoletSandboxAdd(String projectId, String memoletId) {
    return call(MEMOLET_SANDBOX_ADD, Params.create().opt("projectId", projectId).opt("memoletId", memoletId),
        MemoletSandbox.class);
  }

  // ---- server ----

  /** The methods the running server implements, to gate features a build may lack. */
  public CompletableFuture<List<String>> serverMethods() {
    return call(SERVER_METHODS, Params.create(), JsonElement.class).thenApply(GroveApi::methodNames);
  }

  /** Who is connected to this server (one entry per editor window), for a status view. */
  public CompletableFuture<List<ConnectedClient>> serverClients() {
    return call(SERVER_CLIENTS, Params.create(), ClientsResult.class).thenApply(r -> orEmpty(r.clients()));
  }

  /** An entry of {@link #serverClients()}; {@code name} is the clientInfo.name it initialized with. */
  public record ConnectedClient(String id, String name, String transport, String since) {}

  // ---- plumbing ----

  private <T> CompletableFuture<T> call(String method, Params params, Class<T> type) {
    return send(method, params, type, timeout).future();
  }

  private <T> PendingRequest<T> send(String method, Params params, Class<T> type, Duration deadline) {
    if (!Methods.isKnown(method)) throw new IllegalArgumentException("not in the mirror: " + method);
    return channel.<T>request(method, params.build(), type, deadline);
  }

  private static JsonObject branchInfo(UnitDraft.BranchInfo b) {
    return Params.create().opt("title", b.title()).opt("intent", b.intent()).build();
  }

  /** Accepts {@code {methods:[...]}} or a bare array, each entry a name or {name}. */
  static List<String> methodNames(JsonElement result) {
    JsonElement list = result;
    if (result != null && result.isJsonObject()) list = result.getAsJsonObject().get("methods");
    if (list == null || !list.isJsonArray()) {
      throw new ProtocolException(SERVER_METHODS + ": expected a list of methods");
    }
    List<String> names = new ArrayList<>();
    for (JsonElement e : (JsonArray) list) {
      if (e.isJsonPrimitive()) names.add(e.getAsString());
      else if (e.isJsonObject() && e.getAsJsonObject().has("name")) names.add(e.getAsJsonObject().get("name").getAsString());
    }
    return names;
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }

  /** Scope values for {@link #unitSetScope}. */
  public enum Scope {
    AUTO("auto"), INCLUDED("included"), EXCLUDED("excluded"), TOGGLE("toggle");

    private final String wire;

    Scope(String wire) {
      this.wire = wire;
    }

    public String wire() {
      return wire;
    }
  }

  public enum Decision {
    ACCEPT("accept"), REJECT("reject"), DEFER("defer");

    private final String wire;

    Decision(String wire) {
      this.wire = wire;
    }

    public String wire() {
      return wire;
    }
  }

  private record ProjectsResult(List<Project> projects) {}

  private record UnitsResult(List<Unit> units) {}

  private record RevisionsResult(List<Revision> revisions) {}

  private record HitsResult(List<SearchHit> hits) {}

  private record SuggestionsResult(List<Suggestion> suggestions) {}

  private record CapsulesResult(List<Capsule> capsules) {}

  private record MemoletHitsResult(List<MemoletHit> results) {}

  private record ClientsResult(List<ConnectedClient> clients) {}

  private record ProvidersResult(List<ProviderInfo> providers) {}
}
