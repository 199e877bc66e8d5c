package dev.grove.client.api;

/**
 * A field in an update: left as it is, cleared, or set. Grove's protocol tells the first two apart
 * (an absent field means unchanged, {@code null} means clear), which a nullable Java argument
 * cannot express.
 */
public final class Change<T> {
  private static final Change<?> KEEP = new Change<>(false, null);
  private static final Change<?> CLEAR = new Change<>(true, null);

  private final boolean present;
  private final T value;

  private Change(boolean present, T value) {
    this.present = present;
    this.value = value;
  }

  @SuppressWarnings("unchecked")
  public static <T> Change<T> keep() {
    return (Change<T>) KEEP;
  }

  @SuppressWarnings("unchecked")
  public static <T> Change<T> clear() {
    return (Change<T>) CLEAR;
  }

  /** Sets the field; a null value clears it. */
  public static <T> Change<T> to(T value) {
    return value == null ? clear() : new Change<>(true, value);
  }

  public boolean isPresent() {
    return present;
  }

  public T value() {
    return value;
  }
}
