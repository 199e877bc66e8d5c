package dev.grove.client.model;

/**
 * The answer to {@code grove/branch/return}: the branch, now completed with its summary, and the
 * project with its cursor back on the path the branch left ({@code revision} is the project's
 * after the change, as on every change result).
 */
public record BranchReturn(Branch branch, Project project, long revision) {}
