package dev.grove.client.model;

public record SearchHit(String unitId, String projectId, String snippet, double score) {}
