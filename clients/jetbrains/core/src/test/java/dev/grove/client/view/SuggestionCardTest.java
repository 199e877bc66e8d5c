package dev.grove.client.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.grove.client.model.Suggestion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How each kind of suggestion is worded on its card. */
class SuggestionCardTest {
  private static Suggestion of(String kind, List<String> anchors, String title, String source, Boolean delegated,
      String capsuleType) {
    return new Suggestion("s_1", "p_1", kind, anchors, "Because.", 0.666, source, "pending",
        "2026-11-22T01:00:00Z", title, "u_9", delegated, capsuleType);
  }

  @Test
  void eachKindNamesItsAction() {
    SuggestionCard ret = SuggestionCard.of(of("return", List.of("u_4", "u_2"), null, "native", false, null));
    assertEquals("Return to the main thread?", ret.headline());
    assertEquals("Return", ret.acceptLabel());
    assertEquals("Because. (67%)", ret.detail());

    SuggestionCard sop = SuggestionCard.of(of("extract", List.of("u_1", "u_2"), "Cut a release", "model", null,
        "task_sop"));
    assertEquals("Save as a procedure: Cut a release?", sop.headline());
    assertEquals("Because. (67%, the model agrees)", sop.detail());
    assertEquals("Extract", sop.acceptLabel());
    assertEquals("Save this as a reusable capsule?",
        SuggestionCard.of(of("extract", List.of("u_1"), null, "native", null, null)).headline());

    SuggestionCard exclude = SuggestionCard.of(of("exclude", List.of("u_1", "u_2", "u_3"), null, "native", true, null));
    assertEquals("Hide 3 units from the model?", exclude.headline());
    assertEquals("Because. (67%, you asked for it)", exclude.detail());
    assertEquals("Exclude", exclude.acceptLabel());

    SuggestionCard branch = SuggestionCard.of(of("branch", List.of("u_8"), "  ", "native", false, null));
    assertEquals("Start a branch here?", branch.headline(), "a blank title is no title");
  }
}
