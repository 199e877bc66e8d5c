#include "structure/Subject.h"

#include <cstdint>
#include <string>
#include <unordered_set>

#include "structure/Terms.h"
#include "text/Tokenizer.h"

namespace grove::structure {

namespace {

/// Acknowledgements, "and now?", "next step" and "go on" outside English
/// (English ones are generic words already), written as words and compared
/// as the stems the tokenizer produces. Chinese is written as the character
/// pairs the tokenizer makes of it.
bool followUpWord(const std::string& token) {
  static const std::unordered_set<std::string> words = [] {
    std::unordered_set<std::string> out;
    for (const char* w : {
             // Spanish and Portuguese
             "gracias", "vale", "bien", "bueno", "ahora", "que", "qué", "y", "luego", "después", "siguiente",
             "sigue", "seguir", "continúa", "continua", "continuar", "listo", "perfecto", "hazlo", "dale", "sí",
             "si", "paso", "obrigado", "obrigada", "agora", "e", "depois", "próximo", "proximo", "pode", "sim",
             "certo", "passo", "o",
             // French and Italian
             "merci", "et", "maintenant", "ensuite", "suite", "suivant", "continuez", "oui", "daccord",
             "parfait", "quoi", "après", "étape", "grazie", "ora", "adesso", "poi", "prossimo", "vai", "sì",
             "bene", "perfetto",
             // German
             "danke", "und", "jetzt", "was", "weiter", "nächster", "nächste", "schritt", "ja", "gut", "super",
             "mach", "dann",
             // Russian and Turkish
             "спасибо", "и", "что", "дальше", "теперь", "далее", "продолжай", "да", "хорошо", "отлично", "давай",
             "следующий", "шаг", "teşekkürler", "tamam", "devam", "evet", "şimdi", "sonra",
             // Chinese, as character pairs
             "谢谢", "继续", "然后", "下一", "一步", "步呢", "好的", "现在", "接下", "下来"})
      out.insert(text::stem(w));
    return out;
  }();
  return words.count(token) != 0;
}

/// The token with the capitals of two-byte UTF-8 letters (Latin-1, Greek,
/// Cyrillic) made small, as the tokenizer does for ASCII only: "Спасибо".
std::string lowered(std::string token) {
  for (size_t i = 0; i + 1 < token.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(token[i]), b1 = static_cast<unsigned char>(token[i + 1]);
    if (b0 < 0xC2 || b0 > 0xDF || (b1 & 0xC0) != 0x80) continue;
    uint32_t c = ((b0 & 0x1Fu) << 6) | (b1 & 0x3Fu), small = c;
    if ((c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= 0x391 && c <= 0x3AB) || (c >= 0x410 && c <= 0x42F))
      small = c + 0x20;
    else if (c >= 0x400 && c <= 0x40F)
      small = c + 0x50;
    if (small != c && small < 0x800) {
      token[i] = static_cast<char>(0xC0 | (small >> 6));
      token[i + 1] = static_cast<char>(0x80 | (small & 0x3F));
    }
    ++i;
  }
  return token;
}

}  // namespace

bool namesNoSubject(const Context& c) {
  for (const auto& token : c.message.set) {
    const std::string t = lowered(text::trimPunctuation(token));
    if (!t.empty() && !isGenericWord(t) && !followUpWord(t)) return false;
  }
  return true;
}

}  // namespace grove::structure
