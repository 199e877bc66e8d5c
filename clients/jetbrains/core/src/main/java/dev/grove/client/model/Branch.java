package dev.grove.client.model;

import java.util.List;

/** A chain of units starting at {@code headId}, anchored at the head's parent (DESIGN.md §4). */
public record Branch(
    String headId,
    String anchorId,
    String title,
    String intent,
    String status,
    String summary,
    boolean isMainline,
    List<String> unitIds) {}
