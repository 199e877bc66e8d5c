package dev.grove.client.model;

/**
 * The params of {@code grove/suggestion/didCreate} and {@code grove/suggestion/didChange}: which
 * project, and the suggestion as it is now (didChange carries the new state).
 */
public record SuggestionNotice(String projectId, Suggestion suggestion) {}
