// Netlink (NETLINK_ROUTE) access for KeelNetworking's NetworkMonitor on Linux.
// Everything is inside __linux__ so the header is empty on Apple platforms.
#ifndef KEEL_CNETLINK_H
#define KEEL_CNETLINK_H

#ifdef __linux__
#include <stdint.h>

/// One interface from an RTM_GETLINK dump.
typedef struct {
    int32_t index;
    uint32_t flags;        // IFF_* flags
    uint16_t type;         // ARPHRD_* hardware type
    char name[32];
} keel_nl_link;

/// One address from an RTM_GETADDR dump.
typedef struct {
    int32_t index;
    uint8_t family;        // AF_INET or AF_INET6
    uint8_t prefix_length;
    uint8_t scope;
} keel_nl_address;

/// One route from an RTM_GETROUTE dump (main table entries and others).
typedef struct {
    int32_t output_index;  // RTA_OIF, 0 when absent
    uint32_t priority;     // RTA_PRIORITY (metric)
    uint8_t family;
    uint8_t destination_length;
    uint8_t table;
    uint8_t type;          // RTN_*
    uint8_t has_gateway;
} keel_nl_route;

/// The multicast groups the monitor listens to (links, v4/v6 addresses and routes).
uint32_t keel_nl_monitor_groups(void);

/// Opens a NETLINK_ROUTE socket bound to `groups` (0 for a dump-only socket).
/// Returns the descriptor, or -errno.
int keel_nl_open(uint32_t groups);

/// Dumps links into `out` (at most `capacity`); returns the count, or -errno.
int keel_nl_dump_links(int fd, keel_nl_link *out, int capacity);
/// Dumps addresses into `out` (at most `capacity`); returns the count, or -errno.
int keel_nl_dump_addresses(int fd, keel_nl_address *out, int capacity);
/// Dumps routes into `out` (at most `capacity`); returns the count, or -errno.
int keel_nl_dump_routes(int fd, keel_nl_route *out, int capacity);

/// Waits up to `timeout_ms` for kernel notifications on `fd` or a byte on `wake_fd`.
/// Returns 1 when kernel messages were read (and drained), 0 on timeout, 2 when woken
/// through `wake_fd`, or -errno.
int keel_nl_wait(int fd, int wake_fd, int timeout_ms);

/// Closes a descriptor; returns 0 or -errno.
int keel_nl_close(int fd);

#endif  // __linux__
#endif  // KEEL_CNETLINK_H
