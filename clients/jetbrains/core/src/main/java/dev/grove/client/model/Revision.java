package dev.grove.client.model;

/** A prior content of a unit; restoring one is an edit with this text. */
public record Revision(String content, String editedAt) {}
