package dev.grove.client.model;

import java.util.List;

/**
 * A reusable memory (issue 8): one or more units, or a span inside one unit (UTF-8 byte offsets),
 * with a title, keywords and a summary, and a place on the memory map ({@code position} in
 * [0,1]^2, {@code cluster}). {@code manual} when the user made it rather than the segmenter.
 */
public record Memolet(
    String id,
    String projectId,
    String title,
    List<String> keywords,
    String summary,
    List<String> sourceUnitIds,
    Span span,
    String parentId,
    int cluster,
    Position position,
    String createdAt,
    boolean manual) {

  public record Span(String unitId, long start, long end) {}

  public record Position(double x, double y) {}
}
