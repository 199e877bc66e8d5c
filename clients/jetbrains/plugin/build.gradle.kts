// The IntelliJ plugin: a thin layer over :core. Built with the IntelliJ Platform Gradle Plugin
// 2.x, which downloads the IDE it compiles against from the JetBrains repositories.
plugins {
    java
    id("org.jetbrains.intellij.platform") version "2.2.1"
}

group = providers.gradleProperty("pluginGroup").get()
version = providers.gradleProperty("pluginVersion").get()

repositories {
    mavenCentral()
    intellijPlatform {
        defaultRepositories()
    }
}

dependencies {
    implementation(project(":core"))
    intellijPlatform {
        intellijIdeaCommunity(providers.gradleProperty("platformVersion"))
    }
}

tasks.withType<JavaCompile>().configureEach {
    options.release = 17
    options.encoding = "UTF-8"
}

intellijPlatform {
    pluginConfiguration {
        id = "dev.grove.jetbrains"
        name = "Grove"
        version = providers.gradleProperty("pluginVersion")
        ideaVersion {
            sinceBuild = providers.gradleProperty("pluginSinceBuild")
            untilBuild = provider { null }
        }
    }
}

// The tool window hosts the same web UI bundle as VS Code: clients/web-ui/dist, built by
// `npm run build` in clients/web-ui. It is packed into the plugin under /webui.
val webUiDist = layout.projectDirectory.dir("../../web-ui/dist")
val copyWebUi by tasks.registering(Copy::class) {
    from(webUiDist) {
        include("grove-web-ui.js", "grove-web-ui.css")
    }
    into(layout.buildDirectory.dir("web-ui-resources/webui"))
    doFirst {
        require(webUiDist.file("grove-web-ui.js").asFile.exists()) {
            "clients/web-ui/dist/grove-web-ui.js is missing: run `npm ci && npm run build` in clients/web-ui"
        }
    }
}
sourceSets["main"].resources.srcDir(layout.buildDirectory.dir("web-ui-resources"))
tasks.processResources {
    dependsOn(copyWebUi)
}
