package dev.grove.client.model;

/** {@code grove/chat/didStream}: one more piece of an assistant answer being written. */
public record ChatStreamed(String projectId, String unitId, String text) {}
