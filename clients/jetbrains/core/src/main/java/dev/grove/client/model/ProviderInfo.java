package dev.grove.client.model;

/**
 * A configured provider as {@code grove/provider/list} reports it. {@code hasKey} says whether a
 * key is configured; the key itself never leaves the server. {@code state} is "ready", or for a
 * local model server Grove runs: "stopped", "starting", "ready" or "failed".
 */
public record ProviderInfo(
    String name,
    String kind,
    String model,
    String utilityModel,
    String baseUrl,
    boolean active,
    boolean hasKey,
    String state) {}
