#include "structure/Subject.h"

#include <cctype>
#include <string>
#include <utility>
#include <vector>
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
             "merci", "et", "maintenant", "ensuite", "suite", "suivant", "continuez", "oui", "d'accord",
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

/// Punctuation the tokenizer leaves in a token: Spanish ¿ and ¡ before a
/// word, and the full-width marks of Chinese and Japanese text (，？。).
bool punctuation(char32_t c) {
  return c < 0x80 ? !std::isalnum(static_cast<int>(c)) : c == 0xA1 || c == 0xBF || (c >= 0x2000 && c <= 0x206F) ||
                                                     (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFF0F) ||
                                                     (c >= 0xFF1A && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) ||
                                                     (c >= 0xFF5B && c <= 0xFF65);
}

/// The token without its leading and trailing punctuation.
std::string withoutPunctuation(const std::string& token) {
  std::vector<std::pair<size_t, char32_t>> chars;  // byte offset, code point
  for (size_t i = 0; i < token.size();) {
    const auto b = static_cast<unsigned char>(token[i]);
    const size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    char32_t c = n == 1 ? b : b & (0xFF >> (n + 1));
    for (size_t k = 1; k < n && i + k < token.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(token[i + k]) & 0x3F);
    chars.push_back({i, c});
    i += n;
  }
  size_t first = 0, last = chars.size();
  while (first < last && punctuation(chars[first].second)) ++first;
  while (last > first && punctuation(chars[last - 1].second)) --last;
  if (first == last) return {};
  const size_t end = last == chars.size() ? token.size() : chars[last].first;
  return token.substr(chars[first].first, end - chars[first].first);
}

}  // namespace

bool namesNoSubject(const Context& c) {
  for (const auto& token : c.message.set) {
    const std::string t = withoutPunctuation(token);
    if (!t.empty() && !isGenericWord(t) && !followUpWord(t)) return false;
  }
  return true;
}

}  // namespace grove::structure
