// Netlink dumps and notifications for KeelNetworking (see CNetlink.h). Linux only.
#ifdef __linux__
#include "CNetlink.h"

#include <errno.h>
#include <linux/if.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

uint32_t keel_nl_monitor_groups(void) {
    return RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE;
}

int keel_nl_open(uint32_t groups) {
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd < 0) return -errno;
    struct sockaddr_nl address;
    memset(&address, 0, sizeof address);
    address.nl_family = AF_NETLINK;
    address.nl_groups = groups;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    // Bound reads: a dump that never finishes must not hang the caller.
    struct timeval timeout = {.tv_sec = 2, .tv_usec = 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    return fd;
}

static int send_dump_request(int fd, uint16_t type, uint32_t sequence) {
    struct {
        struct nlmsghdr header;
        struct rtgenmsg message;
    } request;
    memset(&request, 0, sizeof request);
    request.header.nlmsg_len = NLMSG_LENGTH(sizeof(struct rtgenmsg));
    request.header.nlmsg_type = type;
    request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
    request.header.nlmsg_seq = sequence;
    request.message.rtgen_family = AF_UNSPEC;
    struct sockaddr_nl kernel;
    memset(&kernel, 0, sizeof kernel);
    kernel.nl_family = AF_NETLINK;
    if (sendto(fd, &request, request.header.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof kernel) < 0)
        return -errno;
    return 0;
}

typedef int (*message_handler)(const struct nlmsghdr *header, void *out, int index);

// Sends a dump request and feeds every reply message to `handle`; returns the count kept.
static int run_dump(int fd, uint16_t type, void *out, int capacity, message_handler handle) {
    static uint32_t sequence_counter = 1;
    uint32_t sequence = __atomic_fetch_add(&sequence_counter, 1, __ATOMIC_RELAXED);
    int status = send_dump_request(fd, type, sequence);
    if (status < 0) return status;
    char buffer[16384] __attribute__((aligned(NLMSG_ALIGNTO)));
    int count = 0;
    for (;;) {
        struct sockaddr_nl sender;
        socklen_t sender_length = sizeof sender;
        ssize_t length = recvfrom(fd, buffer, sizeof buffer, 0, (struct sockaddr *)&sender, &sender_length);
        if (length < 0) {
            if (errno == EINTR) continue;
            return -errno;
        }
        if (sender.nl_pid != 0) continue;  // not from the kernel
        int remaining = (int)length;
        for (struct nlmsghdr *header = (struct nlmsghdr *)buffer; NLMSG_OK(header, remaining);
             header = NLMSG_NEXT(header, remaining)) {
            if (header->nlmsg_seq != sequence) continue;
            if (header->nlmsg_type == NLMSG_DONE) return count;
            if (header->nlmsg_type == NLMSG_ERROR) {
                const struct nlmsgerr *error = (const struct nlmsgerr *)NLMSG_DATA(header);
                return error->error < 0 ? error->error : -EIO;
            }
            if (count < capacity && handle(header, out, count)) count += 1;
        }
    }
}

static int handle_link(const struct nlmsghdr *header, void *out, int index) {
    if (header->nlmsg_type != RTM_NEWLINK) return 0;
    const struct ifinfomsg *info = (const struct ifinfomsg *)NLMSG_DATA(header);
    keel_nl_link *link = (keel_nl_link *)out + index;
    memset(link, 0, sizeof *link);
    link->index = info->ifi_index;
    link->flags = info->ifi_flags;
    link->type = info->ifi_type;
    int length = (int)IFLA_PAYLOAD(header);
    for (const struct rtattr *attribute = IFLA_RTA(info); RTA_OK(attribute, length);
         attribute = RTA_NEXT(attribute, length)) {
        if (attribute->rta_type == IFLA_IFNAME) {
            size_t size = RTA_PAYLOAD(attribute);
            if (size >= sizeof link->name) size = sizeof link->name - 1;
            memcpy(link->name, RTA_DATA(attribute), size);
            link->name[size] = 0;
        }
    }
    return 1;
}

static int handle_address(const struct nlmsghdr *header, void *out, int index) {
    if (header->nlmsg_type != RTM_NEWADDR) return 0;
    const struct ifaddrmsg *info = (const struct ifaddrmsg *)NLMSG_DATA(header);
    keel_nl_address *address = (keel_nl_address *)out + index;
    address->index = (int32_t)info->ifa_index;
    address->family = info->ifa_family;
    address->prefix_length = info->ifa_prefixlen;
    address->scope = info->ifa_scope;
    return 1;
}

static int handle_route(const struct nlmsghdr *header, void *out, int index) {
    if (header->nlmsg_type != RTM_NEWROUTE) return 0;
    const struct rtmsg *info = (const struct rtmsg *)NLMSG_DATA(header);
    keel_nl_route *route = (keel_nl_route *)out + index;
    memset(route, 0, sizeof *route);
    route->family = info->rtm_family;
    route->destination_length = info->rtm_dst_len;
    route->table = info->rtm_table;
    route->type = info->rtm_type;
    int length = (int)RTM_PAYLOAD(header);
    for (const struct rtattr *attribute = RTM_RTA(info); RTA_OK(attribute, length);
         attribute = RTA_NEXT(attribute, length)) {
        switch (attribute->rta_type) {
        case RTA_OIF:
            if (RTA_PAYLOAD(attribute) >= sizeof(int32_t)) route->output_index = *(const int32_t *)RTA_DATA(attribute);
            break;
        case RTA_PRIORITY:
            if (RTA_PAYLOAD(attribute) >= sizeof(uint32_t)) route->priority = *(const uint32_t *)RTA_DATA(attribute);
            break;
        case RTA_GATEWAY:
            route->has_gateway = 1;
            break;
        case RTA_TABLE:
            if (RTA_PAYLOAD(attribute) >= sizeof(uint32_t)) {
                uint32_t table = *(const uint32_t *)RTA_DATA(attribute);
                route->table = table > 255 ? 255 : (uint8_t)table;
            }
            break;
        default:
            break;
        }
    }
    return 1;
}

int keel_nl_dump_links(int fd, keel_nl_link *out, int capacity) {
    return run_dump(fd, RTM_GETLINK, out, capacity, handle_link);
}

int keel_nl_dump_addresses(int fd, keel_nl_address *out, int capacity) {
    return run_dump(fd, RTM_GETADDR, out, capacity, handle_address);
}

int keel_nl_dump_routes(int fd, keel_nl_route *out, int capacity) {
    return run_dump(fd, RTM_GETROUTE, out, capacity, handle_route);
}

int keel_nl_wait(int fd, int wake_fd, int timeout_ms) {
    struct pollfd descriptors[2] = {{.fd = fd, .events = POLLIN}, {.fd = wake_fd, .events = POLLIN}};
    int ready = poll(descriptors, wake_fd >= 0 ? 2 : 1, timeout_ms);
    if (ready < 0) return errno == EINTR ? 0 : -errno;
    if (ready == 0) return 0;
    if (wake_fd >= 0 && (descriptors[1].revents & POLLIN)) return 2;
    if (!(descriptors[0].revents & POLLIN)) return 0;
    // Drain whatever is queued; only kernel-originated messages count as changes.
    char buffer[16384] __attribute__((aligned(NLMSG_ALIGNTO)));
    int changed = 0;
    for (;;) {
        struct sockaddr_nl sender;
        socklen_t sender_length = sizeof sender;
        ssize_t length =
            recvfrom(fd, buffer, sizeof buffer, MSG_DONTWAIT, (struct sockaddr *)&sender, &sender_length);
        if (length < 0) {
            if (errno == EINTR) continue;
            // ENOBUFS means the kernel dropped notifications: treat it as a change.
            if (errno == ENOBUFS) { changed = 1; continue; }
            break;
        }
        if (length == 0) break;
        if (sender.nl_pid == 0) changed = 1;
    }
    return changed;
}

int keel_nl_close(int fd) {
    return close(fd) < 0 ? -errno : 0;
}

#endif  // __linux__
