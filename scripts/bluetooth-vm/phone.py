# A phone for the Bluetooth tier, on bumble (PyPI), on its own virtual controller (`hci-socket:N`): an
# AVRCP target whose player has a track (title, artist, album, track number, length) and a play status,
# and that records every passthrough key it gets; and an A2DP source that streams SBC (a tone encoded by
# `sbcenc`, Debian's sbc-tools) to the computer's A2DP sink endpoint. bluetoothd, the AVRCP controller
# on the computer's side, makes an `org.bluez.MediaPlayer1` of the phone's player; the stream becomes a
# `MediaTransport1` that the computer's sink (bluealsa) acquires.
#
# bumble 0.0.236's target answers GetCapabilities, RegisterNotification and GetPlayStatus (without a
# length or position) and rejects GetElementAttributes: `PhoneProtocol` answers both, as a phone does.
import asyncio
import math
import struct
import subprocess
import tempfile
import time

from bumble import a2dp, avc, avdtp, avrcp
from bumble.core import PhysicalTransport, ProtocolError
from bumble.device import Device, DeviceConfiguration
from bumble.hci import Address
from bumble.pairing import PairingConfig, PairingDelegate
from bumble.transport import open_transport

Key = avc.PassThroughFrame.OperationId
KEY_NAMES = {Key.PLAY: "play", Key.PAUSE: "pause", Key.STOP: "stop", Key.FORWARD: "next",
             Key.BACKWARD: "previous", Key.FAST_FORWARD: "fast-forward", Key.REWIND: "rewind"}
TRACK = {"title": "Phone Song", "artist": "Phone Artist", "album": "Phone Album", "track_number": 3,
         "length_ms": 240000}
SBC = a2dp.SbcMediaCodecInformation(
    a2dp.SbcMediaCodecInformation.SamplingFrequency.SF_44100,
    a2dp.SbcMediaCodecInformation.ChannelMode.JOINT_STEREO,
    a2dp.SbcMediaCodecInformation.BlockLength.BL_16,
    a2dp.SbcMediaCodecInformation.Subbands.S_8,
    a2dp.SbcMediaCodecInformation.AllocationMethod.LOUDNESS, 2, 53)


def tone_sbc(seconds=1):
    """A 440 Hz tone, 44.1 kHz stereo, as SBC frames (joint stereo, 8 subbands, 16 blocks, bitpool 53):
    `sbcenc` encodes the AU file this writes."""
    rate = 44100
    samples = bytearray()
    for index in range(rate * seconds):
        value = int(8000 * math.sin(2 * math.pi * 440 * index / rate))
        samples += struct.pack(">hh", value, value)
    with tempfile.NamedTemporaryFile(suffix=".au") as au:
        au.write(struct.pack(">4sIIIII", b".snd", 24, len(samples), 3, rate, 2) + samples)
        au.flush()
        return subprocess.run(["sbcenc", "-s", "8", "-b", "53", "-B", "16", "-j", au.name],
                              capture_output=True, check=True).stdout


class PhoneDelegate(avrcp.Delegate):
    """The phone's player: its play status, and the keys pressed on it (name, pressed)."""

    def __init__(self):
        super().__init__(supported_events=[avrcp.EventId.PLAYBACK_STATUS_CHANGED, avrcp.EventId.TRACK_CHANGED])
        self.playback_status = avrcp.PlayStatus.PLAYING
        self.current_track_uid = 0  # the selected track (AVRCP 1.3 has no other)
        self.keys = []  # (monotonic seconds, key, pressed)
        self.backlogs = []  # the link's backlog (`Phone.link_backlog`) as each key came
        self.link_backlog = lambda: None
        self.key_pressed = asyncio.Event()
        self.on_pause = None

    async def on_key_event(self, key, pressed, data):
        self.keys.append((time.monotonic(), KEY_NAMES.get(key, str(key)), pressed))
        self.backlogs.append(self.link_backlog())
        self.key_pressed.set()
        if pressed and key == Key.PAUSE and self.on_pause is not None:
            self.on_pause()


class PhoneProtocol(avrcp.Protocol):
    """bumble's AVRCP protocol, with a target that answers GetElementAttributes from `TRACK` and
    GetPlayStatus with the track's length."""

    def _on_command_pdu(self, pdu_id, pdu):
        state = self.receive_command_state
        if state is None or state.command_type not in (avc.CommandFrame.CommandType.STATUS,
                                                       avc.CommandFrame.CommandType.CONTROL):
            return super()._on_command_pdu(pdu_id, pdu)
        command = avrcp.Command.from_bytes(pdu_id, pdu)
        if isinstance(command, avrcp.GetElementAttributesCommand):
            values = {avrcp.MediaAttributeId.TITLE: TRACK["title"],
                      avrcp.MediaAttributeId.ARTIST_NAME: TRACK["artist"],
                      avrcp.MediaAttributeId.ALBUM_NAME: TRACK["album"],
                      avrcp.MediaAttributeId.TRACK_NUMBER: str(TRACK["track_number"]),
                      avrcp.MediaAttributeId.PLAYING_TIME: str(TRACK["length_ms"])}
            wanted = list(command.attribute_ids) or list(values)
            response = avrcp.GetElementAttributesResponse(
                [avrcp.MediaAttribute(attribute, avrcp.CharacterSetId.UTF_8, values[attribute])
                 for attribute in wanted if attribute in values])
        elif isinstance(command, avrcp.GetPlayStatusCommand):
            response = avrcp.GetPlayStatusResponse(song_length=TRACK["length_ms"], song_position=0,
                                                   play_status=self.delegate.playback_status)
        else:
            return super()._on_command_pdu(pdu_id, pdu)
        self.receive_command_state = None
        self.send_avrcp_response(state.transaction_label, avc.ResponseFrame.ResponseCode.IMPLEMENTED_OR_STABLE,
                                 response)


class PacedSource:
    """The phone's audio on its way to the link, as bumble's `avdtp.MediaPacketPump` sends it (each RTP
    packet at its timestamp), except that a packet is dropped, not queued, while the link already
    holds more than `BACKLOG` ACL packets beyond those the controller took: a phone's A2DP source skips
    audio when the radio cannot keep up, so that its AVRCP answers never wait behind seconds of sound.

    bumble queues every ACL packet of a connection in one FIFO (`host.DataPacketQueue`): under TCG on a
    loaded host btvirt drained it slower than the stream filled it, and the phone's ACCEPTED to
    bluetoothd's PAUSE waited behind the backlog beyond bluetoothd's 2 s (avctp.c `req_timeout`), which
    then never sent the release."""

    BACKLOG = 8

    def __init__(self, packets, link):
        self.packets = packets
        self.link = link  # the host's DataPacketQueue of the connection
        self.pump_task = None
        self.sent = 0
        self.dropped = 0

    def backlog(self):
        """ACL packets queued beyond those the controller took."""
        return max(0, self.link().pending - self.link().max_in_flight)

    async def start(self, rtp_channel):
        async def pump():
            started = first = None
            async for packet in self.packets:
                if started is None:
                    started, first = time.monotonic(), packet.timestamp_seconds
                delay = started + packet.timestamp_seconds - first - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                if self.backlog() > self.BACKLOG:
                    self.dropped += 1
                    continue
                rtp_channel.write(bytes(packet))
                self.sent += 1

        self.pump_task = asyncio.ensure_future(pump())

    async def stop(self):
        if self.pump_task is not None:
            self.pump_task.cancel()
            try:
                await self.pump_task
            except asyncio.CancelledError:
                pass
            self.pump_task = None


class Phone:
    def __init__(self, transport_name, name="Phone"):
        self.transport_name = transport_name
        self.name = name
        self.connection = None
        self.avdtp = None
        self.stream = None
        self.delegate = PhoneDelegate()

    async def power_on(self):
        self.transport = await open_transport(self.transport_name)
        config = DeviceConfiguration(name=self.name, address=Address("A0:A1:A2:A3:A4:A5"),
                                     classic_enabled=True, le_enabled=False,
                                     classic_smp_enabled=False, classic_sc_enabled=False,
                                     class_of_device=0x5A020C)  # phone, smartphone; audio, telephony
        self.device = Device.from_config_with_hci(config, self.transport.source, self.transport.sink)
        self.device.pairing_config_factory = lambda connection: PairingConfig(
            sc=False, mitm=False, bonding=True,
            delegate=PairingDelegate(PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT))
        self.device.sdp_service_records = {
            0x00010001: avrcp.TargetServiceSdpRecord(
                0x00010001, supported_features=avrcp.TargetFeatures.CATEGORY_1).to_service_attributes(),
            0x00010002: a2dp.make_audio_source_service_sdp_records(0x00010002)}
        self.avrcp = PhoneProtocol(self.delegate)
        self.avrcp.listen(self.device)
        # The computer opens the stream's media channel to the phone (AVDTP's PSM again).
        self.avdtp_listener = avdtp.Listener.for_device(self.device)
        await self.device.power_on()
        await self.device.set_connectable(True)
        self.address = str(self.device.public_address).split("/")[0]
        return self.address

    async def pair_and_connect(self, address, attempts=3):
        """Connects to the computer, pairs ("just works") and encrypts, again after a link that dropped
        on the way (as a user pairs again; seen under TCG on a loaded host); returns the attempts made."""
        for attempt in range(1, attempts + 1):
            try:
                self.connection = await self.device.connect(address, transport=PhysicalTransport.BR_EDR)
                await self.connection.authenticate()
                await self.connection.encrypt()
                return attempt
            except (asyncio.CancelledError, Exception):
                # The scenario's own bound cancels too: that is not a dropped link.
                if asyncio.current_task().cancelling() or attempt == attempts:
                    raise
                await asyncio.sleep(2)

    async def open_avrcp(self):
        await self.avrcp.connect(self.connection)

    def set_status(self, status):
        """The player's status changes (as its own button would) and the controller is told."""
        self.delegate.playback_status = status
        self.avrcp.notify_playback_status_changed(status)

    async def open_a2dp(self):
        """Opens AVDTP with the phone's SBC source endpoint in place: the computer discovers it as soon as
        the channel opens, then configures and opens a stream to its own sink endpoint."""
        frames = tone_sbc()
        offset = 0

        async def read(count):
            nonlocal offset
            chunk = bytearray()
            while len(chunk) < count:
                take = frames[offset:offset + count - len(chunk)]
                chunk += take
                offset = (offset + len(take)) % len(frames)
            return bytes(chunk)

        self.avdtp = await avdtp.Protocol.connect(self.connection)
        self.avdtp_listener.set_server(self.connection, self.avdtp)
        packets = a2dp.SbcPacketSource(read, self.avdtp.l2cap_channel.peer_mtu).packets
        self.pump = PacedSource(packets, lambda: self.device.host.acl_packet_queue)
        self.delegate.link_backlog = self.pump.backlog
        self.source = self.avdtp.add_source(avdtp.MediaCodecCapabilities(
            media_type=avdtp.AVDTP_AUDIO_MEDIA_TYPE, media_codec_type=a2dp.A2DP_SBC_CODEC_TYPE,
            media_codec_information=SBC), self.pump)

    async def start_stream(self, timeout=30):
        """Starts sending the tone (AVDTP START) on the stream the computer configured and opened.

        bluetoothd, the sink, configures the phone's source once it discovered it (source.c) and opens the
        stream; a phone that configured the sink at the same moment got no answer from bluetoothd 5.66
        (seen here), so the phone leaves that to the computer, as the acceptor."""
        deadline = time.monotonic() + timeout
        while True:
            stream = self.avdtp.streams.get(self.source.seid)
            if stream is not None and stream.state == avdtp.State.OPEN and stream.rtp_channel is not None:
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the computer did not configure and open the phone's A2DP source within %d s: %s"
                                   % (timeout, stream))
            await asyncio.sleep(0.05)
        self.stream = stream
        # bluetoothd answers BAD_STATE (0x31) to a START that comes before it has finished opening its side
        # (seen here): the phone starts again shortly, as it would after a refused first press.
        for attempt in range(10):
            try:
                await self.stream.start()
                return
            except ProtocolError as error:
                if error.error_code != 0x31 or attempt == 9:
                    raise
                await asyncio.sleep(0.5)

    async def stop_stream(self):
        """Suspends the stream (AVDTP SUSPEND): the phone stops sending sound."""
        await self.stream.stop()
