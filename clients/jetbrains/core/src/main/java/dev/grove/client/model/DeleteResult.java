package dev.grove.client.model;

import java.util.List;

/** Units removed by a delete (or that would be, for a preview), and placeholders left in place. */
public record DeleteResult(List<String> removed, List<String> placeholders) {}
