package dev.grove.jetbrains;

import com.intellij.DynamicBundle;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.PropertyKey;

/** The plugin's user-visible strings (messages/GroveBundle.properties). */
public final class GroveBundle {
  private static final String BUNDLE = "messages.GroveBundle";
  private static final DynamicBundle INSTANCE = new DynamicBundle(GroveBundle.class, BUNDLE);

  private GroveBundle() {}

  public static @NotNull String message(@NotNull @PropertyKey(resourceBundle = BUNDLE) String key,
      Object @NotNull ... params) {
    return INSTANCE.getMessage(key, params);
  }
}
