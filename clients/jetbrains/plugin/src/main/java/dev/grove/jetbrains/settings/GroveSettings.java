package dev.grove.jetbrains.settings;

import com.intellij.credentialStore.CredentialAttributes;
import com.intellij.credentialStore.CredentialAttributesKt;
import com.intellij.ide.passwordSafe.PasswordSafe;
import com.intellij.openapi.application.ApplicationManager;
import com.intellij.openapi.components.PersistentStateComponent;
import com.intellij.openapi.components.Service;
import com.intellij.openapi.components.State;
import com.intellij.openapi.components.Storage;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jetbrains.annotations.NotNull;

/**
 * Where grove-server is and which provider it should use. Stored per IDE installation; the API
 * key lives in the IDE's password safe, never in this XML, and reaches only the server's
 * environment.
 */
@Service(Service.Level.APP)
@State(name = "GroveSettings", storages = @Storage("grove.xml"))
public final class GroveSettings implements PersistentStateComponent<GroveSettings.StateData> {
  /** Serialized by the platform; public fields are its convention. */
  public static final class StateData {
    public String serverPath = "";
    public String databasePath = "";
    public String provider = "";
    public String model = "";
    public String baseUrl = "";
  }

  private StateData state = new StateData();

  public static GroveSettings getInstance() {
    return ApplicationManager.getApplication().getService(GroveSettings.class);
  }

  @Override
  public @NotNull StateData getState() {
    return state;
  }

  @Override
  public void loadState(@NotNull StateData loaded) {
    state = loaded;
  }

  public String apiKey() {
    return PasswordSafe.getInstance().getPassword(keyAttributes());
  }

  public void setApiKey(String key) {
    PasswordSafe.getInstance().setPassword(keyAttributes(), key == null || key.isEmpty() ? null : key);
  }

  /**
   * The environment grove-server reads its provider from (issue 3: GROVE_PROVIDER, GROVE_MODEL,
   * GROVE_BASE_URL, OPENAI_API_KEY / ANTHROPIC_API_KEY). Empty settings leave the server's own
   * configuration file in charge.
   */
  public Map<String, String> serverEnvironment() {
    Map<String, String> env = new LinkedHashMap<>();
    putIfSet(env, "GROVE_PROVIDER", state.provider);
    putIfSet(env, "GROVE_MODEL", state.model);
    putIfSet(env, "GROVE_BASE_URL", state.baseUrl);
    String key = apiKey();
    if (key != null && !key.isEmpty()) {
      env.put("anthropic".equals(state.provider.trim()) ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY", key);
    }
    return env;
  }

  private static void putIfSet(Map<String, String> env, String name, String value) {
    if (value != null && !value.isBlank()) env.put(name, value.trim());
  }

  private static CredentialAttributes keyAttributes() {
    return new CredentialAttributes(CredentialAttributesKt.generateServiceName("Grove", "provider API key"));
  }
}
