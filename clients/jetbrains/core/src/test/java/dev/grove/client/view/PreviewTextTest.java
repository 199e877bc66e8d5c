package dev.grove.client.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.grove.client.model.ScopePreview;
import java.util.List;
import org.junit.jupiter.api.Test;

class PreviewTextTest {
  @Test
  void listsWhatIsSentInOrderAndWhatWasLeftOut() {
    ScopePreview p = new ScopePreview("Be brief.", List.of(
        new ScopePreview.Message("user", "q1", List.of("u1")),
        new ScopePreview.Message("assistant", "a1", List.of("u2", "u3")),
        new ScopePreview.Message("user", "next?", List.of())),
        42, List.of("u4"), List.of("u9"), List.of());
    assertEquals("""
        About 42 tokens in 3 messages
        Excluded on this path: u4
        Included from elsewhere: u9

        === system ===
        Be brief.

        === user (u1) ===
        q1

        === assistant (u2, u3) ===
        a1

        === user (new message) ===
        next?
        """, PreviewText.render(p));
  }
}
