package dev.grove.jetbrains.settings;

import com.intellij.openapi.options.Configurable;
import com.intellij.ui.components.JBPasswordField;
import com.intellij.ui.components.JBTextField;
import com.intellij.util.ui.FormBuilder;
import dev.grove.jetbrains.GroveBundle;
import java.util.Objects;
import javax.swing.JComponent;
import org.jetbrains.annotations.Nls;

/** Settings | Tools | Grove. Changes apply the next time the server starts (Restart action). */
public final class GroveConfigurable implements Configurable {
  private JBTextField serverPath;
  private JBTextField databasePath;
  private JBTextField provider;
  private JBTextField model;
  private JBTextField baseUrl;
  private JBPasswordField apiKey;

  @Override
  public @Nls String getDisplayName() {
    return "Grove";
  }

  @Override
  public JComponent createComponent() {
    serverPath = new JBTextField();
    databasePath = new JBTextField();
    provider = new JBTextField();
    model = new JBTextField();
    baseUrl = new JBTextField();
    apiKey = new JBPasswordField();
    return FormBuilder.createFormBuilder()
        .addLabeledComponent(GroveBundle.message("settings.serverPath"), serverPath)
        .addLabeledComponent(GroveBundle.message("settings.databasePath"), databasePath)
        .addLabeledComponent(GroveBundle.message("settings.provider"), provider)
        .addLabeledComponent(GroveBundle.message("settings.model"), model)
        .addLabeledComponent(GroveBundle.message("settings.baseUrl"), baseUrl)
        .addLabeledComponent(GroveBundle.message("settings.apiKey"), apiKey)
        .addComponentFillVertically(new javax.swing.JPanel(), 0)
        .getPanel();
  }

  @Override
  public boolean isModified() {
    GroveSettings.StateData s = GroveSettings.getInstance().getState();
    return !serverPath.getText().equals(s.serverPath) || !databasePath.getText().equals(s.databasePath)
        || !provider.getText().equals(s.provider) || !model.getText().equals(s.model)
        || !baseUrl.getText().equals(s.baseUrl) || apiKey.getPassword().length > 0;
  }

  @Override
  public void apply() {
    GroveSettings settings = GroveSettings.getInstance();
    GroveSettings.StateData s = settings.getState();
    s.serverPath = serverPath.getText().trim();
    s.databasePath = databasePath.getText().trim();
    s.provider = provider.getText().trim();
    s.model = model.getText().trim();
    s.baseUrl = baseUrl.getText().trim();
    if (apiKey.getPassword().length > 0) {
      settings.setApiKey(new String(apiKey.getPassword()));
      apiKey.setText("");
    }
  }

  @Override
  public void reset() {
    GroveSettings.StateData s = GroveSettings.getInstance().getState();
    serverPath.setText(Objects.requireNonNullElse(s.serverPath, ""));
    databasePath.setText(Objects.requireNonNullElse(s.databasePath, ""));
    provider.setText(Objects.requireNonNullElse(s.provider, ""));
    model.setText(Objects.requireNonNullElse(s.model, ""));
    baseUrl.setText(Objects.requireNonNullElse(s.baseUrl, ""));
    apiKey.setText("");
  }
}
