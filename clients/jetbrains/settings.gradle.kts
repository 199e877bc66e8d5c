// Gradle build of the JetBrains client: the plain-Java core library and the IntelliJ plugin.
// Needs Maven Central and the JetBrains repositories (see README.md); the core's tests run
// without Gradle through scripts/test.
rootProject.name = "grove-jetbrains"
include("core", "plugin")
