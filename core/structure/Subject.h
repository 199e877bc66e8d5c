// Subject: whether a message names anything a branch could be about. Real
// programming chat is full of follow-ups that ask for the next step without
// naming it ("ok, thanks. what next?", "gracias, ¿y ahora qué?"); with no
// word of their own they share nothing with the thread, which the branch
// model reads as full novelty. A branch needs a subject.
#pragma once

#include "structure/Context.h"

namespace grove::structure {

/// True when every term of the message is a generic word (isGenericWord) or
/// an acknowledgement or request to go on in one of the languages real
/// conversations use (thanks, next, now, continue, yes...).
bool namesNoSubject(const Context& c);

}  // namespace grove::structure
