package dev.grove.client.chat;

import static dev.grove.client.support.Futures.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.api.GroveApi;
import dev.grove.client.api.GroveEventListener;
import dev.grove.client.api.Methods;
import dev.grove.client.api.UnitDraft;
import dev.grove.client.model.Branch;
import dev.grove.client.model.ChatResult;
import dev.grove.client.model.ChatStreamed;
import dev.grove.client.model.Project;
import dev.grove.client.model.ProviderInfo;
import dev.grove.client.model.Unit;
import dev.grove.client.rpc.PendingRequest;
import dev.grove.client.rpc.RpcErrorException;
import dev.grove.client.support.FakeProvider;
import dev.grove.client.support.GroveServerFixture;
import dev.grove.client.support.TempDirs;
import dev.grove.client.support.Wait;
import dev.grove.client.view.ChatMessage;
import dev.grove.client.view.GroveViewModels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Chat turns through the real server and the scripted fake provider: streaming into the chat
 * view, and cancellation keeping the partial answer. Skipped, with a printed note, while the
 * server does not serve grove/chat/send or the fake provider is not built.
 */
@Timeout(90)
class ChatTest {
  private Path dir;
  private FakeProvider provider;
  private GroveServerFixture server;
  private GroveViewModels vm;
  private final List<ChatStreamed> streamed = new CopyOnWriteArrayList<>();

  private GroveApi start(String script) throws Exception {
    Assumptions.assumeTrue(FakeProvider.binary() != null, () -> note("the fake provider is not built"));
    dir = Files.createTempDirectory("grove-jb-chat");
    provider = FakeProvider.start(dir, script);
    server = GroveServerFixture.start(provider.serverEnv(), GroveServerFixture.testOptions());
    GroveApi api = server.client.api();
    List<String> methods;
    try {
      methods = await(api.serverMethods());
    } catch (RpcErrorException e) {
      if (e.code() != RpcErrorException.METHOD_NOT_FOUND) throw e;
      methods = List.of();
    }
    Assumptions.assumeTrue(methods.contains(Methods.CHAT_SEND),
        () -> note("grove-server does not list " + Methods.CHAT_SEND + " yet"));
    server.client.addEventListener(new GroveEventListener() {
      @Override
      public void onChatStreamed(ChatStreamed e) {
        streamed.add(e);
      }
    });
    vm = new GroveViewModels(server.client, null);
    return api;
  }

  private static String note(String why) {
    System.out.println("note: chat tests skipped: " + why);
    return why;
  }

  @AfterEach
  void stop() throws Exception {
    if (vm != null) vm.close();
    if (server != null) server.close();
    if (provider != null) provider.close();
    if (dir != null) {
      TempDirs.delete(dir);
    }
  }

  private String streamedText(String unitId) {
    StringBuilder sb = new StringBuilder();
    for (ChatStreamed e : streamed) if (e.unitId().equals(unitId)) sb.append(e.text());
    return sb.toString();
  }

  @Test
  void turnStreamsIntoTheChatAndIsStored() throws Exception {
    GroveApi api = start("[{\"kind\":\"openai\",\"chunks\":[\"Use \",\"a \",\"bounded \",\"queue.\"],\"delayMs\":5}]");
    Project p = await(api.projectCreate("Chat", null));
    Unit root = await(api.unitAppend(UnitDraft.message(p.id(), null, "user", "How do I apply backpressure?")));
    Unit answer = await(api.unitAppend(UnitDraft.message(p.id(), root.id(), "assistant", "Slow the producer.")));
    await(vm.selectProject(p.id()));

    ChatResult r = api.chatSend(p.id(), answer.id(), "And in Java?", null).future().get(30, TimeUnit.SECONDS);
    assertEquals("stop", r.finishReason());
    assertEquals("And in Java?", r.userUnit().content());
    assertEquals(answer.id(), r.userUnit().parentId());
    assertEquals(r.userUnit().id(), r.assistantUnit().parentId());
    assertEquals("Use a bounded queue.", r.assistantUnit().content());
    assertEquals("complete", r.assistantUnit().status());
    assertTrue(r.usage() != null && r.usage().completionTokens() != null, "usage reported: " + r.usage());
    String unitId = r.assistantUnit().id();
    // Notifications reach listeners on their own thread (JsonRpcConnection), so
    // the reply may land before the last delta has been handed over.
    Wait.until("the deltas add up to the stored answer",
        () -> r.assistantUnit().content().equals(streamedText(unitId)));
    assertTrue(streamed.stream().filter(e -> e.unitId().equals(unitId)).count() >= 2, "streamed in pieces");

    await(api.projectSetCursor(p.id(), unitId));
    Wait.until("the answer at the end of the chat view", () -> {
      List<ChatMessage> chat = vm.chat().get();
      return !chat.isEmpty() && chat.get(chat.size() - 1).unitId().equals(unitId)
          && "Use a bounded queue.".equals(chat.get(chat.size() - 1).text());
    });
  }

  @Test
  void cancelStopsTheTurnAndKeepsThePartialAnswer() throws Exception {
    // The provider sends one chunk, then stalls until the server hangs up.
    GroveApi api = start("[{\"kind\":\"openai\",\"chunks\":[\"Partial \",\"never sent\"],\"stallAfterChunks\":1}]");
    Project p = await(api.projectCreate("Cancel", null));
    Unit root = await(api.unitAppend(UnitDraft.message(p.id(), null, "user", "Explain monads")));
    await(vm.selectProject(p.id()));

    PendingRequest<ChatResult> turn = api.chatSend(p.id(), root.id(), "in one line", null);
    Wait.until("the first chunk streamed", () -> !streamed.isEmpty());
    String unitId = streamed.get(0).unitId();
    Wait.until("the chat view shows the streaming answer",
        () -> "Partial ".equals(vm.chat().streamedText(unitId)));
    assertFalse(turn.future().isDone(), "the provider is stalled, so the turn is still running");
    turn.cancel();
    ChatResult r;
    try {
      r = turn.future().get(10, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw new AssertionError("cancel must return the normal result with finishReason cancelled", e.getCause());
    }
    assertTrue(r.wasCancelled(), "finishReason: " + r.finishReason());
    assertEquals(unitId, r.assistantUnit().id());
    assertEquals("interrupted", r.assistantUnit().status());
    assertEquals("Partial ", r.assistantUnit().content());
    assertEquals("interrupted", await(api.unitGet(unitId)).status(), "the partial answer is stored");
  }

  @Test
  void regenerateAddsASiblingAnswerAndMovesTheCursor() throws Exception {
    GroveApi api = start("[{\"kind\":\"openai\",\"chunks\":[\"Another \",\"answer.\"]}]");
    Project p = await(api.projectCreate("Regenerate", null));
    Unit question = await(api.unitAppend(UnitDraft.message(p.id(), null, "user", "Name a sorting algorithm")));
    ChatResult first = api.chatSend(p.id(), question.id(), "One more, please", null).future().get(30, TimeUnit.SECONDS);
    ChatResult again = api.chatRegenerate(first.assistantUnit().id(), null).future().get(30, TimeUnit.SECONDS);
    Unit alt = again.assistantUnit();
    assertEquals(first.assistantUnit().parentId(), alt.parentId(), "a sibling of the first answer");
    assertTrue(alt.startsBranch(), "an alternative answer starts a branch");
    assertEquals("Another answer.", alt.content());
    assertEquals(alt.id(), await(api.projectGet(p.id())).project().cursorId(), "the cursor moves to it");
  }

  @Test
  void branchSummaryAndProviderListThroughTheTypedApi() throws Exception {
    GroveApi api = start("[{\"kind\":\"openai\",\"chunks\":[\"The branch compared two parsers.\"]}]");
    List<ProviderInfo> providers = await(api.providerList());
    ProviderInfo active = providers.stream().filter(ProviderInfo::active).findFirst().orElseThrow();
    assertEquals("openai", active.kind());
    assertTrue(active.hasKey(), "the fake key is configured");
    assertFalse(providers.toString().contains("test-key-not-secret"), "keys never leave the server");

    Project p = await(api.projectCreate("Summaries", null));
    Unit root = await(api.unitAppend(UnitDraft.message(p.id(), null, "user", "Which parser library?")));
    Unit head = await(api.unitAppend(UnitDraft.message(p.id(), root.id(), "user", "Try a hand-written one")
        .branch("hand-written", "compare")));
    await(api.unitAppend(UnitDraft.message(p.id(), head.id(), "assistant", "Recursive descent works well.")));
    Branch b = await(api.branchSummarize(p.id(), head.id()));
    assertEquals(head.id(), b.headId());
    assertTrue(b.summary() != null && !b.summary().isBlank(), "a summary was written: " + b);
  }
}
