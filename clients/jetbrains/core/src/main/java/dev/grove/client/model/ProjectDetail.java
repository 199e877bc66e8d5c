package dev.grove.client.model;

import java.util.List;

/** Everything {@code grove/project/get} returns: the project, all its units and its branches. */
public record ProjectDetail(Project project, List<Unit> units, List<Branch> branches) {}
