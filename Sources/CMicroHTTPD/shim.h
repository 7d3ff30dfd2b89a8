// GNU libmicrohttpd from the system (Debian: libmicrohttpd-dev), the HTTP layer of `fm serve`.
// Swift cannot call C variadic functions, so the few MHD calls that take varargs are wrapped
// here with fixed parameter lists.
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Starts a daemon listening on `host` (an IPv4 or IPv6 literal) and `port` (0: any free port),
/// with MHD's own polling threads (`threads` of them), suspend/resume enabled, and the limits
/// given. Returns NULL when the address does not parse or the daemon cannot start.
static inline struct MHD_Daemon *fm_mhd_start(
    const char *host, uint16_t port, unsigned int threads, unsigned int connectionLimit,
    unsigned int idleTimeoutSeconds, size_t connectionMemoryLimit,
    MHD_AccessHandlerCallback handler, void *handlerContext,
    MHD_RequestCompletedCallback completed, void *completedContext)
{
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *address;
    unsigned int flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, handlerContext,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
        MHD_OPTION_CONNECTION_TIMEOUT, idleTimeoutSeconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connectionMemoryLimit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext,
        MHD_OPTION_END);
}

/// The port the daemon is bound to (the one the system chose when 0 was asked), 0 if unknown.
static inline uint16_t fm_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

static inline ssize_t fm_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t fm_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t fm_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

// MHD's enums are declared closed (enum_extensibility), which Swift imports under names that
// differ between SDKs; these name the few values the server uses.
static inline enum MHD_Result fm_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result fm_mhd_no(void) { return MHD_NO; }
static inline const char *fm_mhd_header(struct MHD_Connection *connection, const char *name)
{
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}
static inline struct MHD_Response *fm_mhd_response_copying(size_t size, const void *bytes)
{
    return MHD_create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}
