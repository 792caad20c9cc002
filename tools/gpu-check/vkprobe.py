#!/usr/bin/env python3
"""Lists the Vulkan physical devices the loader finds (python3 ctypes only, no vulkaninfo needed).

Usage: vkprobe.py [path/to/libvulkan.so.1]. Honours VK_ICD_FILENAMES / VK_DRIVER_FILES like any
Vulkan application. Prints one line per device: type, vendor id, device id, name, API version;
exits 1 when the loader cannot be opened, the instance cannot be created, or no device is found.
"""
import ctypes
import sys

TYPES = {0: "other", 1: "integrated", 2: "discrete", 3: "virtual", 4: "cpu"}


class AppInfo(ctypes.Structure):
    _fields_ = [
        ("sType", ctypes.c_int), ("pNext", ctypes.c_void_p),
        ("pApplicationName", ctypes.c_char_p), ("applicationVersion", ctypes.c_uint32),
        ("pEngineName", ctypes.c_char_p), ("engineVersion", ctypes.c_uint32),
        ("apiVersion", ctypes.c_uint32),
    ]


class InstanceInfo(ctypes.Structure):
    _fields_ = [
        ("sType", ctypes.c_int), ("pNext", ctypes.c_void_p), ("flags", ctypes.c_uint32),
        ("pApplicationInfo", ctypes.POINTER(AppInfo)),
        ("enabledLayerCount", ctypes.c_uint32), ("ppEnabledLayerNames", ctypes.c_void_p),
        ("enabledExtensionCount", ctypes.c_uint32), ("ppEnabledExtensionNames", ctypes.c_void_p),
    ]


def version(v: int) -> str:
    return f"{(v >> 22) & 0x7F}.{(v >> 12) & 0x3FF}.{v & 0xFFF}"


def main() -> int:
    path = sys.argv[1] if len(sys.argv) > 1 else "libvulkan.so.1"
    try:
        vk = ctypes.CDLL(path)
    except OSError as e:
        print(f"vkprobe: cannot load {path}: {e}")
        return 1
    app = AppInfo(0, None, b"vkprobe", 1, b"none", 1, (1 << 22) | (1 << 12))  # Vulkan 1.1
    info = InstanceInfo(1, None, 0, ctypes.pointer(app), 0, None, 0, None)
    inst = ctypes.c_void_p()
    rc = vk.vkCreateInstance(ctypes.byref(info), None, ctypes.byref(inst))
    if rc != 0:
        print(f"vkprobe: vkCreateInstance failed (VkResult {rc})")
        return 1
    n = ctypes.c_uint32(0)
    vk.vkEnumeratePhysicalDevices(inst, ctypes.byref(n), None)
    devs = (ctypes.c_void_p * max(1, n.value))()
    vk.vkEnumeratePhysicalDevices(inst, ctypes.byref(n), devs)
    if n.value == 0:
        print("vkprobe: no Vulkan physical device")
    props = ctypes.create_string_buffer(4096)  # VkPhysicalDeviceProperties is ~824 bytes
    for i in range(n.value):
        vk.vkGetPhysicalDeviceProperties(ctypes.c_void_p(devs[i]), props)
        api, drv, vendor, device, kind = (int.from_bytes(props.raw[o : o + 4], "little") for o in range(0, 20, 4))
        name = props.raw[20:276].split(b"\0")[0].decode(errors="replace")
        print(f"vkprobe: device {i}: {TYPES.get(kind, kind)} vendor=0x{vendor:04x} device=0x{device:04x} '{name}' api {version(api)}")
    vk.vkDestroyInstance(inst, None)
    return 0 if n.value else 1


if __name__ == "__main__":
    sys.exit(main())
