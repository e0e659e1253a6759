#include "desk/desk_server.h"

#include <filesystem>
#include <random>
#include <thread>

#include <arpa/inet.h>
#include <httplib.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include "core/error.h"
#include "core/text.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// Largest report file served, bytes (an overlay of a 50 MP photo is well under).
constexpr std::uintmax_t kMaxServedBytes = 64u << 20;

std::string ContentType(const fs::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".png") return "image/png";
  if (ext == ".json") return "application/json";
  if (ext == ".csv") return "text/csv; charset=utf-8";
  if (ext == ".html") return "text/html; charset=utf-8";
  return "application/octet-stream";
}

// Equal without telling, by its time, how much of the token was right.
bool SameToken(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

void NotFound(httplib::Response& res) {
  res.status = 404;
  res.set_content("not found\n", "text/plain; charset=utf-8");
}

void Refuse(httplib::Response& res, int status, const std::string& why) {
  res.status = status;
  res.set_content(Json({{"error", why}}).dump(), "application/json");
}

// `relative` (as the URL gave it, decoded) inside `root`, symbolic links
// resolved: the file's path, or "" when it is not a regular file inside.
std::string InsideFolder(const fs::path& root, const std::string& relative) {
  if (relative.empty() || relative.find('\0') != std::string::npos || relative.find('\\') != std::string::npos)
    return "";
  const fs::path rel(relative);
  if (!rel.is_relative()) return "";
  for (const fs::path& part : rel)
    if (part == "..") return "";
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return "";
  const fs::path real = fs::canonical(base / rel, ec);
  if (ec || !fs::is_regular_file(real, ec)) return "";
  const std::string base_text = base.string() + "/", real_text = real.string();
  return real_text.rfind(base_text, 0) == 0 ? real_text : "";
}

}  // namespace

void DeskServerOptions::Check() const {
  SC_CHECK(!listen.empty(), "the desk needs an address to listen on");
  SC_CHECK(port >= 0 && port <= 65535, "port " << port << " is not from 0 to 65535");
  SC_CHECK(!templates_dir.empty(), "the desk needs the templates folder");
  SC_CHECK(max_body_bytes >= 1024, "max_body_bytes " << max_body_bytes << " is below 1024");
}

std::string NewDeskToken() {
  std::random_device random;
  static const char kHex[] = "0123456789abcdef";
  std::string token;
  for (int i = 0; i < 8; ++i) {
    const unsigned int bits = random();
    for (int k = 0; k < 4; ++k) token += kHex[(bits >> (4 * k)) & 15u];
  }
  return token;
}

DeskServer::DeskServer(Desk& desk, std::string report_dir, DeskServerOptions options, std::string token)
    : desk_(desk),
      report_dir_(std::move(report_dir)),
      options_(std::move(options)),
      token_(std::move(token)),
      server_(std::make_unique<httplib::Server>()) {
  options_.Check();
  SC_CHECK(token_.size() >= 16, "the desk's token is too short");
  const fs::path page = fs::path(options_.templates_dir) / "desk";
  page_html_ = ReadTextFile((page / "desk.html").string());
  page_js_ = ReadTextFile((page / "desk.js").string());
  page_css_ = ReadTextFile((page / "desk.css").string());
  Route();
}

DeskServer::~DeskServer() { Stop(); }

void DeskServer::Route() {
  httplib::Server& s = *server_;
  s.set_payload_max_length(options_.max_body_bytes);
  s.set_tcp_nodelay(true);  // an answer is one small write each way: no waiting for a delayed ACK
  s.set_default_headers({{"Cache-Control", "no-store"},
                         {"Referrer-Policy", "no-referrer"},
                         {"X-Content-Type-Options", "nosniff"},
                         {"Content-Security-Policy", "default-src 'self'; img-src 'self'; frame-ancestors 'none'"}});
  // Every request names the token first; one that does not is answered
  // before any route sees it.
  s.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    const std::string& path = req.path;
    const size_t end = path.find('/', 1);
    const std::string first = path.size() > 1 ? path.substr(1, end == std::string::npos ? std::string::npos : end - 1)
                                              : std::string();
    if (!SameToken(first, token_)) {
      NotFound(res);
      return httplib::Server::HandlerResponse::Handled;
    }
    if (end == std::string::npos) {  // "/TOKEN": the page's own address ends in '/'
      res.status = 302;
      res.set_header("Location", "/" + token_ + "/");
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  const std::string at = "/" + token_;
  s.Get(at + "/", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(page_html_, "text/html; charset=utf-8");
  });
  s.Get(at + "/desk.js", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(page_js_, "text/javascript; charset=utf-8");
  });
  s.Get(at + "/desk.css", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(page_css_, "text/css; charset=utf-8");
  });
  s.Get(at + "/state", [this](const httplib::Request&, httplib::Response& res) {
    res.set_content(desk_.State().dump(), "application/json");
  });
  s.Post(at + "/answer", [this](const httplib::Request& req, httplib::Response& res) {
    try {
      res.set_content(Json({{"saved", desk_.Answer(req.body)}}).dump(), "application/json");
    } catch (const std::exception& e) {
      Refuse(res, 400, e.what());
    }
  });
  const std::string files = at + "/files/";
  s.Get(at + "/files/(.*)", [this, files](const httplib::Request& req, httplib::Response& res) {
    const std::string path = InsideFolder(report_dir_, req.path.substr(files.size()));
    if (path.empty()) return NotFound(res);
    try {
      res.set_content(ReadTextFile(path, kMaxServedBytes), ContentType(path));
    } catch (const Error&) {
      NotFound(res);
    }
  });
  s.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) res.set_content(std::to_string(res.status) + "\n", "text/plain; charset=utf-8");
  });
}

int DeskServer::Bind() {
  if (options_.port == 0) {
    port_ = server_->bind_to_any_port(options_.listen);
    SC_CHECK(port_ > 0, options_.listen << ": cannot listen on this address");
  } else {
    SC_CHECK(server_->bind_to_port(options_.listen, options_.port),
             options_.listen << ":" << options_.port << ": cannot listen there (is another program using the port?)");
    port_ = options_.port;
  }
  return port_;
}

void DeskServer::Serve() {
  serving_ = true;
  if (!stop_asked_) server_->listen_after_bind();
  served_ = true;
}

void DeskServer::Stop() {
  stop_asked_ = true;
  if (!server_) return;
  // cpp-httplib's stop() is heard only once the server listens: asked
  // before, it did nothing, and Serve() went on to listen for ever. Serve()
  // sees the request before it listens, or Stop() sees Serve() begun and
  // waits until it listens (or has returned) to stop it.
  while (serving_ && !served_ && !server_->is_running()) std::this_thread::yield();
  server_->stop();
}

std::vector<std::string> DeskServer::Urls() const {
  if (options_.listen != "0.0.0.0" && options_.listen != "::") return {Url()};
  std::string tail = ":";
  tail.append(std::to_string(port_)).append("/").append(token_).append("/");
  std::string local = "http://127.0.0.1";
  std::vector<std::string> urls = {local.append(tail)};
  ifaddrs* interfaces = nullptr;
  if (getifaddrs(&interfaces) != 0) return urls;
  for (const ifaddrs* i = interfaces; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || (i->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET_ADDRSTRLEN] = {};
    const auto* address = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
    if (!inet_ntop(AF_INET, &address->sin_addr, text, sizeof text)) continue;
    std::string url = "http://";
    url.append(text).append(tail);
    urls.push_back(std::move(url));
  }
  freeifaddrs(interfaces);
  return urls;
}

std::string DeskServer::Url() const {
  const bool v6 = options_.listen.find(':') != std::string::npos;
  const std::string host = v6 ? "[" + options_.listen + "]" : options_.listen;
  return "http://" + host + ":" + std::to_string(port_) + "/" + token_ + "/";
}

}  // namespace scorecheck
