package dev.grove.client.view;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * An immutable snapshot plus change listeners. The IDE layer reads {@link #get()} from any thread
 * and marshals to its UI thread itself (listeners are called on the client's threads).
 */
public class Observable<T> {
  private final List<Consumer<T>> listeners = new CopyOnWriteArrayList<>();
  private volatile T value;

  protected Observable(T initial) {
    this.value = initial;
  }

  public T get() {
    return value;
  }

  public void addListener(Consumer<T> l) {
    listeners.add(l);
  }

  public void removeListener(Consumer<T> l) {
    listeners.remove(l);
  }

  protected void set(T next) {
    value = next;
    for (Consumer<T> l : listeners) l.accept(next);
  }
}
