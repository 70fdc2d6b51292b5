# A car's head unit for the Bluetooth tier, on bumble (PyPI): an AVRCP controller with browsing and an
# A2DP sink (SBC: an AVDTP endpoint that records the media packets the computer streams to it), on its
# own virtual controller (an HCI user channel, `hci-socket:N`), pairing
# "just works" over classic Bluetooth. What it shows is what a car's display shows: GetElementAttributes,
# GetPlayStatus, the PLAYBACK_STATUS_CHANGED / TRACK_CHANGED notifications, and the player list
# (GetFolderItems on the browsing channel); its buttons are AVRCP passthrough presses.
import asyncio
import struct
import time

from bumble import a2dp, avc, avdtp, avrcp, l2cap
from bumble.avctp import AVCTP_BROWSING_PSM
from bumble.core import PhysicalTransport
from bumble.device import Device, DeviceConfiguration
from bumble.hci import Address
from bumble.pairing import PairingConfig, PairingDelegate
from bumble.transport import open_transport

# bumble 0.0.236 sets F=1 on every enhanced-retransmission I-frame (its default `final`); the kernel drops
# an F=1 frame it did not poll for ("F=1 only valid in TX WAIT_F"), so the browsing channel would never
# answer. A car sends F=0 there.
l2cap.InformationEnhancedControlField.__init__.__defaults__ = (0, 0)

# What the car's A2DP sink takes: every SBC configuration a sink may offer (A2DP 1.3, 4.3.2).
SBC = a2dp.SbcMediaCodecInformation
SBC_SINK = SBC(SBC.SamplingFrequency.SF_16000 | SBC.SamplingFrequency.SF_32000 | SBC.SamplingFrequency.SF_44100
               | SBC.SamplingFrequency.SF_48000,
               SBC.ChannelMode.MONO | SBC.ChannelMode.DUAL_CHANNEL | SBC.ChannelMode.STEREO
               | SBC.ChannelMode.JOINT_STEREO,
               SBC.BlockLength.BL_4 | SBC.BlockLength.BL_8 | SBC.BlockLength.BL_12 | SBC.BlockLength.BL_16,
               SBC.Subbands.S_4 | SBC.Subbands.S_8, SBC.AllocationMethod.SNR | SBC.AllocationMethod.LOUDNESS, 2, 53)

Key = avc.PassThroughFrame.OperationId
KEYS = {"play": Key.PLAY, "pause": Key.PAUSE, "stop": Key.STOP, "next": Key.FORWARD,
        "previous": Key.BACKWARD, "fast-forward": Key.FAST_FORWARD, "rewind": Key.REWIND}
ATTRIBUTES = {1: "title", 2: "artist", 3: "album", 4: "track_number", 5: "tracks", 6: "genre", 7: "length_ms"}
STATUSES = {0: "stopped", 1: "playing", 2: "paused", 3: "fwd_seek", 4: "rev_seek", 0xFF: "error"}


class Car:
    def __init__(self, transport_name, name="Car"):
        self.transport_name = transport_name
        self.name = name
        self.notifications = []  # (monotonic seconds, event, value)
        self.notified = asyncio.Event()
        self.connection = None
        self.browsing = None
        self.browse_reply = None
        self.label = 0
        self.media = []  # (monotonic seconds, RTP payload) of each media packet the A2DP sink got
        self.sink = None

    async def power_on(self):
        self.transport = await open_transport(self.transport_name)
        config = DeviceConfiguration(name=self.name, address=Address("F0:F1:F2:F3:F4:F5"),
                                     classic_enabled=True, le_enabled=False,
                                     classic_smp_enabled=False, classic_sc_enabled=False,
                                     enhanced_retransmission_supported=True,
                                     class_of_device=0x200408)  # audio, car audio
        self.device = Device.from_config_with_hci(config, self.transport.source, self.transport.sink)
        self.device.pairing_config_factory = lambda connection: PairingConfig(
            sc=False, mitm=False, bonding=True,
            delegate=PairingDelegate(PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT))
        records = {0x00010001: avrcp.ControllerServiceSdpRecord(
            0x00010001, supported_features=avrcp.ControllerFeatures(0x41)).to_service_attributes(),
                   0x00010002: a2dp.make_audio_sink_service_sdp_records(0x00010002)}
        self.device.sdp_service_records = records
        self.avrcp = avrcp.Protocol()
        self.avrcp.listen(self.device)
        # The computer opens AVDTP to the car's sink (AVDTP's PSM), configures its SBC endpoint and streams.
        self.avdtp_listener = avdtp.Listener.for_device(self.device)
        self.avdtp_listener.on(avdtp.Listener.EVENT_CONNECTION, self._on_avdtp)
        await self.device.power_on()
        await self.device.set_discoverable(True)
        await self.device.set_connectable(True)
        return str(self.device.public_address)

    def _on_avdtp(self, protocol):
        self.sink = protocol.add_sink(avdtp.MediaCodecCapabilities(
            media_type=avdtp.AVDTP_AUDIO_MEDIA_TYPE, media_codec_type=a2dp.A2DP_SBC_CODEC_TYPE,
            media_codec_information=SBC_SINK))
        self.sink.on(self.sink.EVENT_RTP_PACKET, lambda packet: self.media.append((time.monotonic(), packet.payload)))

    def sink_configuration(self):
        """The SBC configuration the computer set on the car's sink, or None."""
        for capability in (self.sink.configuration if self.sink is not None else []):
            if isinstance(capability, avdtp.MediaCodecCapabilities):
                return capability.media_codec_information
        return None

    async def pair_and_connect(self, address):
        """Connects to the computer, pairs ("just works"), encrypts, and opens AVRCP (control, then browsing)."""
        self.connection = await self.device.connect(address, transport=PhysicalTransport.BR_EDR)
        await self.connection.authenticate()
        await self.connection.encrypt()

    async def open_avrcp(self):
        await self.avrcp.connect(self.connection)

    async def open_browsing(self):
        spec = l2cap.ClassicChannelSpec(psm=AVCTP_BROWSING_PSM, mtu=1024,
                                        mode=l2cap.TransmissionMode.ENHANCED_RETRANSMISSION, fcs_enabled=True)
        self.browsing = await self.connection.create_l2cap_channel(spec)
        self.browsing.sink = self._on_browse

    def _on_browse(self, sdu):
        if self.browse_reply is not None and not self.browse_reply.done():
            self.browse_reply.set_result(sdu)

    async def player_list(self):
        """GetFolderItems over the browsing channel, scope media player list: [(player id, name)]."""
        self.label = (self.label + 1) % 16
        parameters = struct.pack(">BIIB", 0, 0, 9, 0)
        pdu = struct.pack(">BH", 0x71, len(parameters)) + parameters
        self.browse_reply = asyncio.get_running_loop().create_future()
        self.browsing.write(bytes([self.label << 4]) + struct.pack(">H", 0x110E) + pdu)
        reply = await asyncio.wait_for(self.browse_reply, 10)
        body = reply[3 + 3:]
        status, _, count = struct.unpack_from(">BHH", body)
        if status != 4:
            return {"status": status, "players": []}
        players, offset = [], 5
        for _ in range(count):
            kind, length = struct.unpack_from(">BH", body, offset)
            item = body[offset + 3:offset + 3 + length]
            offset += 3 + length
            if kind == 1:
                player_id = struct.unpack_from(">H", item)[0]
                name_length = struct.unpack_from(">H", item, 26)[0]
                players.append({"id": player_id, "name": item[28:28 + name_length].decode("utf-8", "replace"),
                                "status": STATUSES.get(item[7], str(item[7]))})
        return {"status": status, "players": players}

    async def display(self):
        """What the display shows: the element attributes and the play status."""
        response = await self.avrcp.get_element_attributes(0, list(avrcp.MediaAttributeId))
        shown = {}
        for attribute in response:
            key = ATTRIBUTES.get(int(attribute.attribute_id))
            if key:
                shown[key] = attribute.attribute_value
        status = await self.avrcp.get_play_status()
        shown["status"] = STATUSES.get(int(status.play_status), str(status.play_status))
        shown["position_ms"] = status.song_position
        shown["song_length_ms"] = status.song_length
        return shown

    async def press(self, key, hold=0.0):
        """A button pressed and released (held for `hold` seconds)."""
        await self.avrcp.send_key_event(KEYS[key], True)
        # A held button repeats its "pressed" within the target's 2 s auto-release (AVRCP 1.6, 4.6.1).
        held_until = time.monotonic() + hold
        while time.monotonic() < held_until:
            await asyncio.sleep(min(0.5, held_until - time.monotonic()))
            if time.monotonic() < held_until:
                await self.avrcp.send_key_event(KEYS[key], True)
        await self.avrcp.send_key_event(KEYS[key], False)

    def monitor(self):
        """Registers for PLAYBACK_STATUS_CHANGED and TRACK_CHANGED, again after each CHANGED, as a car does;
        only the CHANGED ones are notifications (the interim answer is the value at registration)."""
        return [asyncio.ensure_future(self._watch("status", avrcp.EventId.PLAYBACK_STATUS_CHANGED)),
                asyncio.ensure_future(self._watch("track", avrcp.EventId.TRACK_CHANGED))]

    async def _watch(self, name, event_id):
        while True:
            response = await self.avrcp.send_avrcp_command(
                avc.CommandFrame.CommandType.NOTIFY, avrcp.RegisterNotificationCommand(event_id, 0))
            if isinstance(response, self.avrcp.InterimResponse):
                response = await response.final
            at = time.monotonic()
            event = getattr(response.response, "event", None)
            if event is None:  # rejected: bluetoothd has no player now; ask again as a car would
                await asyncio.sleep(0.5)
                continue
            if isinstance(event, avrcp.PlaybackStatusChangedEvent):
                value = STATUSES.get(int(event.play_status), str(event.play_status))
            elif isinstance(event, avrcp.TrackChangedEvent):
                value = event.uid.hex() if isinstance(event.uid, bytes) else str(event.uid)
            else:
                value = str(event)
            self.notifications.append((at, name, value))
            self.notified.set()

    async def next_notification(self, name, after, timeout=10.0):
        """The first notification `name` that came after the monotonic time `after`: (seconds, value)."""
        deadline = time.monotonic() + timeout
        while True:
            for at, event, value in self.notifications:
                if event == name and at > after:
                    return at, value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            self.notified.clear()
            try:
                await asyncio.wait_for(self.notified.wait(), remaining)
            except asyncio.TimeoutError:
                return None
