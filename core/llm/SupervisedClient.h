// SupervisedClient: an LlmClient whose provider is a local server Grove runs
// itself; every call first makes sure that server is up (restarting it if
// it died), and destroying the client stops the server.
#pragma once

#include <memory>

#include "llm/LocalServerSupervisor.h"
#include "ports/LlmClient.h"

namespace grove::llm {

class SupervisedClient final : public LlmClient {
public:
  SupervisedClient(std::unique_ptr<LocalServerSupervisor> supervisor, std::unique_ptr<LlmClient> inner)
      : supervisor_(std::move(supervisor)), inner_(std::move(inner)) {}
  ~SupervisedClient() override { supervisor_->stop(); }

  ChatResult chat(const ChatRequest& request, const DeltaSink& onDelta,
                  const CancellationToken& cancel) override;
  std::vector<std::vector<float>> embed(const std::vector<std::string>& inputs,
                                        const CancellationToken& cancel) override;

  LocalServerSupervisor& supervisor() { return *supervisor_; }

private:
  std::unique_ptr<LocalServerSupervisor> supervisor_;
  std::unique_ptr<LlmClient> inner_;
};

}  // namespace grove::llm
