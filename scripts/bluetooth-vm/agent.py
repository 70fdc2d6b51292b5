#!/usr/bin/python3
# bluetoothd's pairing agent for the Bluetooth tier (python3-dbus, on the system bus): NoInputNoOutput,
# the default agent, and it accepts and trusts every device, as a user tapping "pair" on a car's
# prompt would. Prints `ready` once registered; serves until killed.
import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
AGENT = "org.bluez.Agent1"
bus = dbus.SystemBus()


def trust(device):
    dbus.Interface(bus.get_object("org.bluez", device), "org.freedesktop.DBus.Properties").Set(
        "org.bluez.Device1", "Trusted", dbus.Boolean(True))


class Agent(dbus.service.Object):
    @dbus.service.method(AGENT, in_signature="", out_signature="")
    def Release(self):
        pass

    @dbus.service.method(AGENT, in_signature="os", out_signature="")
    def AuthorizeService(self, device, uuid):
        trust(device)

    @dbus.service.method(AGENT, in_signature="o", out_signature="")
    def RequestAuthorization(self, device):
        trust(device)

    @dbus.service.method(AGENT, in_signature="ou", out_signature="")
    def RequestConfirmation(self, device, passkey):
        trust(device)

    @dbus.service.method(AGENT, in_signature="", out_signature="")
    def Cancel(self):
        pass


Agent(bus, "/bluetooth_vm/agent")
manager = dbus.Interface(bus.get_object("org.bluez", "/org/bluez"), "org.bluez.AgentManager1")
manager.RegisterAgent("/bluetooth_vm/agent", "NoInputNoOutput")
manager.RequestDefaultAgent("/bluetooth_vm/agent")
print("ready", flush=True)
GLib.MainLoop().run()
