package dev.grove.client.model;

import java.util.List;

/**
 * What the core has learned about how this user structures conversations, from the outcomes of
 * suggestions and the user's own structural operations. Each preference value lies in [-1, 1]
 * (negative: the user rejects such suggestions), with evidence in [0, 1].
 */
public record UserModel(String stage, int events, Preferences preferences) {

  public record Preferences(Preference branching, Preference returning, Preference extracting, Preference granularity) {}

  public record Preference(double value, double evidence, List<String> examples) {}
}
