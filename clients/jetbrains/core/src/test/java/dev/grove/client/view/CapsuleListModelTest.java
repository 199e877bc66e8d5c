package dev.grove.client.view;

import static dev.grove.client.support.Futures.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.grove.client.api.GroveApi;
import dev.grove.client.api.Methods;
import dev.grove.client.api.UnitDraft;
import dev.grove.client.model.Capsule;
import dev.grove.client.model.Project;
import dev.grove.client.model.Unit;
import dev.grove.client.support.GroveServerFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The capsule list view model against the real server: review state, review, enable here, edit, delete. */
@Timeout(60)
class CapsuleListModelTest {
  private GroveServerFixture server;
  private GroveApi api;

  @BeforeEach
  void start() throws Exception {
    server = GroveServerFixture.start(Map.of("GROVE_PROVIDER", "offline"), GroveServerFixture.testOptions());
    api = server.client.api();
    Assumptions.assumeTrue(await(api.serverMethods()).contains(Methods.CAPSULE_EXTRACT), "no capsules on this server");
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  @Test
  void rowsFollowReviewEnableEditAndDelete() {
    Project p = await(api.projectCreate("Release", null));
    Unit q = await(api.unitAppend(UnitDraft.message(p.id(), null, "user", "How do we cut a release?")));
    Unit a = await(api.unitAppend(UnitDraft.message(p.id(), q.id(), "assistant", "Run the tests, bump the version, tag it.")));
    Capsule c = await(api.capsuleExtract(p.id(), List.of(q.id(), a.id()), "task_sop"));

    CapsuleListModel model = new CapsuleListModel(api);
    await(model.showProject(p.id()));
    CapsuleListModel.Row row = model.find(c.id());
    assertEquals("review pending", row.reviewState());
    assertFalse(row.enabledHere());
    assertFalse(row.canEnable(), "a capsule awaiting review cannot be enabled");

    await(model.review(c.id()));
    assertEquals("reviewed", model.find(c.id()).reviewState());
    assertTrue(model.find(c.id()).canEnable());
    await(model.setEnabledHere(c.id(), true));
    assertTrue(model.find(c.id()).enabledHere());

    await(model.edit(c.id(), "Release checklist", "Tests, bump, tag.", null));
    assertEquals("Release checklist", model.find(c.id()).capsule().name());
    assertEquals("Tests, bump, tag.", model.find(c.id()).capsule().instruction());

    await(model.setEnabledHere(c.id(), false));
    assertFalse(model.find(c.id()).enabledHere());
    await(model.delete(c.id()));
    assertNull(model.find(c.id()));
  }
}
