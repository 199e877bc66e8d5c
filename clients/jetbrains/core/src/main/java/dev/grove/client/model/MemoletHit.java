package dev.grove.client.model;

import java.util.List;

/** One result of {@code grove/memolet/search}: the memolet, its fused score and the sentences that matched. */
public record MemoletHit(Memolet memolet, double score, List<String> sentences) {}
