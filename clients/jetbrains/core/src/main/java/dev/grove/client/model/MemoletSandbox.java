package dev.grove.client.model;

import java.util.List;

/**
 * A project's curated memory sandbox: the memolets the user pinned for it, some gathered into
 * groups. Every sandbox method answers with the whole sandbox.
 */
public record MemoletSandbox(List<Memolet> memolets, List<Group> groups) {

  public record Group(String id, String title, String summary, List<String> memoletIds) {}

  public boolean contains(String memoletId) {
    return memolets != null && memolets.stream().anyMatch(m -> m.id().equals(memoletId));
  }
}
