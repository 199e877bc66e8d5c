// Engine: the user model, learnt from the structure event log.
#include "agents/UserModelAgent.h"
#include "engine/EngineImpl.h"

namespace grove {

UserModel Engine::userModel() {
  return buildUserModel(impl_->store->structureEvents(impl_->store->userModelResetPoint()));
}

UserModel Engine::resetUserModel() {
  return impl_->mutate([&] {
    std::vector<StructureEvent> events =
        impl_->store->structureEvents(impl_->store->userModelResetPoint());
    // The log is kept (it is the record of what happened); the model only
    // learns from events after the reset point.
    if (!events.empty()) impl_->store->setUserModelResetPoint(events.back().id);
    return buildUserModel({});
  });
}

}  // namespace grove
