package dev.grove.client.model;

/**
 * How forward the core may be with suggestions in one project: level off / on_demand (only when
 * asked through analyze) / suggest (the default), with a cooldown in turns and a cap per hour.
 */
public record Initiative(String level, int cooldownTurns, int maxPerHour) {}
