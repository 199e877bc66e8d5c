// Subject: whether a message names anything a branch could be about.
#include <gtest/gtest.h>

#include "Paths.h"
#include "structure/Context.h"
#include "structure/Subject.h"

using namespace grove::structure;
using namespace grove::structure::testing;

TEST(Subject, FollowUpsNameNothingInAnyCaseOrScript) {
  for (const char* msg : {"ok, thanks. what next?", "¿Qué sigue?", "Спасибо, дальше?", "СПАСИБО", "Danke, und jetzt?",
                          "d'accord, et maintenant ?", "谢谢，下一步呢？"})
    EXPECT_TRUE(namesNoSubject(contextOf(onMainline(vectorThread(), msg)))) << msg;
  for (const char* msg : {"ok, thanks. now the nginx config?", "Спасибо, а как настроить nginx?", "¿Y el Dockerfile?"})
    EXPECT_FALSE(namesNoSubject(contextOf(onMainline(vectorThread(), msg)))) << msg;
}
