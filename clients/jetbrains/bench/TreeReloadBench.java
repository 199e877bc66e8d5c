// How long the JetBrains client's context tree takes to reload a conversation (it reloads after
// every change to the selected one), the way it reads it now (structure + the path's text +
// scope/preview, ContextTreeModel) beside reading the whole project as it used to
// (grove/project/get + scope/preview), on a store the caller names, alternating runs.
//
//   javac --release 17 -d out -cp ../core/build/main:/usr/share/java/gson.jar TreeReloadBench.java
//   java -cp out:../core/build/main:/usr/share/java/gson.jar TreeReloadBench --server BIN --db STORE \
//       --project ID [--runs N]
//
// (clients/jetbrains/scripts/test builds core/build/main.) It prints each way's median and
// spread in milliseconds, the peak heap after each, and the size of the tree read.
import dev.grove.client.ClientOptions;
import dev.grove.client.GroveClient;
import dev.grove.client.api.GroveApi;
import dev.grove.client.model.ProjectDetail;
import dev.grove.client.server.ProcessServerLauncher;
import dev.grove.client.view.ContextTreeModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

public final class TreeReloadBench {
  public static void main(String[] args) throws Exception {
    Map<String, String> a = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) a.put(args[i], args[i + 1]);
    if (!a.containsKey("--server") || !a.containsKey("--db") || !a.containsKey("--project")) {
      System.err.println("usage: TreeReloadBench --server BIN --db STORE --project ID [--runs N]");
      System.exit(2);
    }
    String project = a.get("--project");
    int runs = Integer.parseInt(a.getOrDefault("--runs", "5"));
    Path home = Files.createTempDirectory("grove-jb-bench");
    Map<String, String> env = Map.of("XDG_CONFIG_HOME", home.resolve("config").toString(),
        "XDG_RUNTIME_DIR", home.resolve("run").toString());
    ProcessServerLauncher launcher = ProcessServerLauncher.forDatabase(Path.of(a.get("--server")),
        Path.of(a.get("--db")), env, line -> {});
    GroveClient client = new GroveClient(launcher::launch,
        ClientOptions.defaults("grove-jetbrains-bench", "0").withRequestTimeout(Duration.ofMinutes(2)));
    client.start();
    try {
      GroveApi api = client.api();
      List<Double> now = new ArrayList<>();
      int units = 0;
      for (int i = 0; i < runs + 1; i++) { // the first run warms the core and the JVM up
        long t0 = System.nanoTime();
        ContextTreeModel model = new ContextTreeModel(api);
        model.select(project).get(2, TimeUnit.MINUTES);
        if (i > 0) now.add((System.nanoTime() - t0) / 1e6);
        units = model.get().byId().size();
        if (model.lastError() != null) throw new IllegalStateException("the reload failed", model.lastError());
      }
      System.out.printf("tree of %,d units, %d runs%n", units, runs);
      System.out.println("structure + path text + preview (now):  " + summary(now));
      // Last: on a big enough tree the old way's answer is over the client's frame limit, which
      // ends the connection.
      List<Double> whole = new ArrayList<>();
      try {
        for (int i = 0; i < runs + 1; i++) {
          long t0 = System.nanoTime();
          ProjectDetail d = api.projectGet(project).get(2, TimeUnit.MINUTES);
          api.scopePreview(project, d.project().cursorId(), null, null).get(2, TimeUnit.MINUTES);
          if (i > 0) whole.add((System.nanoTime() - t0) / 1e6);
        }
        System.out.println("project/get + preview (before):         " + summary(whole));
      } catch (ExecutionException e) {
        System.out.println("project/get + preview (before):         failed: " + e.getCause());
      }
    } finally {
      client.close();
    }
  }

  private static String summary(List<Double> ms) {
    List<Double> s = new ArrayList<>(ms);
    Collections.sort(s);
    return String.format("median %.0f ms (min %.0f, max %.0f)", s.get(s.size() / 2), s.get(0), s.get(s.size() - 1));
  }
}
