package dev.grove.client.model;

import java.util.List;

/** {@code grove/project/didChange}: a project moved to {@code revision} through operation {@code op}. */
public record ProjectChanged(String projectId, long revision, String op, List<String> unitIds) {}
