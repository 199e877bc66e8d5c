package dev.grove.client;

import com.google.gson.JsonElement;

/** Raw server notifications of the current session; see GroveEvents for typed ones. */
@FunctionalInterface
public interface NotificationListener {
  void onNotification(String method, JsonElement params);
}
