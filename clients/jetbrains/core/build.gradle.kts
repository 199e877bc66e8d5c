// The editor-independent client library. scripts/test builds and tests the same sources with
// plain javac against Debian's jars; this file is for the plugin build.
plugins {
    `java-library`
}

repositories {
    mavenCentral()
}

dependencies {
    implementation("com.google.code.gson:gson:2.10.1")
    testImplementation(platform("org.junit:junit-bom:5.10.3"))
    testImplementation("org.junit.jupiter:junit-jupiter")
    testRuntimeOnly("org.junit.platform:junit-platform-launcher")
}

tasks.withType<JavaCompile>().configureEach {
    options.release = 17
    options.encoding = "UTF-8"
}

tasks.test {
    useJUnitPlatform()
    // Tests find PROTOCOL.md and the server build through the repository root.
    systemProperty("grove.repo", rootDir.resolve("../..").canonicalPath)
}
