// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Vm} from "forge-std/Vm.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// Reports who called it and from which origin, and reverts in the ways expectRevert tells apart.
contract Witness {
    error Custom(uint256 code);

    event Seen(address indexed caller, uint256 indexed tag, uint256 value);

    function who() external view returns (address sender, address origin) {
        return (msg.sender, tx.origin);
    }

    function pay() external payable returns (address) {
        return msg.sender;
    }

    function fail(string calldata reason) external pure {
        revert(reason);
    }

    function failCustom(uint256 code) external pure {
        revert Custom(code);
    }

    function failVia(Witness other) external pure {
        other.fail("deep");
    }

    function echo(uint256 x) external pure returns (uint256) {
        return x;
    }

    function see(uint256 tag, uint256 value) external {
        emit Seen(msg.sender, tag, value);
    }
}

/// Code `mockFunction` runs in place of Witness's: its echo doubles, and here() tells where it runs.
contract DoublingEcho {
    function echo(uint256 x) external pure returns (uint256) {
        return x * 2;
    }

    function here() external view returns (address) {
        return address(this);
    }
}

/// A contract the test calls that pranks its own calls.
contract PrankingHelper {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    function prankedWho(Witness w, address as_) external returns (address sender) {
        vm.prank(as_);
        (sender,) = w.who();
    }

    function startPrankThenRevert(Witness w) external {
        vm.startPrank(address(0xB0B));
        w.who();
        revert("reverted before stopPrank");
    }

    function who(Witness w) external view returns (address sender) {
        (sender,) = w.who();
    }
}

/// Cheatcode semantics, one `check_*` function each: it succeeds when the cheatcode behaves as
/// forge documents it. Functions named `failing_*` must fail with the message the unit test names.
/// Not named test*: the cheatcode unit tests call them one by one through the executor.
contract CheatcodeProbe is Test {
    Witness internal witness;
    Witness internal other;
    address internal alice = address(0xA11CE);

    event Seen(address indexed caller, uint256 indexed tag, uint256 value);

    /// Funded at deployment, as forge funds test contracts: the EVM checks the calling contract's
    /// balance before a pranked call with value (the pranked sender then pays).
    constructor() payable {
        witness = new Witness();
        other = new Witness();
    }

    function check_prank() external {
        vm.prank(alice);
        (address sender, address origin) = witness.who();
        assertEq(sender, alice);
        assertEq(origin, tx.origin);
        (sender,) = witness.who();
        assertEq(sender, address(this));
    }

    function check_prankWithOrigin() external {
        vm.prank(alice, address(0xB0B));
        (address sender, address origin) = witness.who();
        assertEq(sender, alice);
        assertEq(origin, address(0xB0B));
        (, origin) = witness.who();
        assertEq(origin, tx.origin);
    }

    function check_startPrank() external {
        vm.startPrank(alice);
        (address first,) = witness.who();
        (address second,) = witness.who();
        vm.stopPrank();
        (address third,) = witness.who();
        assertEq(first, alice);
        assertEq(second, alice);
        assertEq(third, address(this));
    }

    function check_prankPaysValue() external {
        vm.deal(alice, 5 ether);
        vm.prank(alice);
        address payer = witness.pay{value: 2 ether}();
        assertEq(payer, alice);
        assertEq(alice.balance, 3 ether);
        assertEq(address(witness).balance, 2 ether);
        assertEq(address(this).balance, 100 ether);
    }

    function check_prankedCreate() external {
        vm.prank(alice);
        Token token = new Token();
        assertEq(token.owner(), alice);
    }

    function failing_prankOverwrite() external {
        vm.prank(alice);
        vm.prank(address(0xB0B));
    }

    function check_dealWarpRollFeeChainId() external {
        vm.deal(alice, 7 ether);
        vm.warp(2_000_000_000);
        vm.roll(12_345);
        vm.fee(25 gwei);
        vm.chainId(31337);
        assertEq(alice.balance, 7 ether);
        assertEq(block.timestamp, 2_000_000_000);
        assertEq(block.number, 12_345);
        assertEq(block.basefee, 25 gwei);
        assertEq(block.chainid, 31337);
    }

    function check_storeLoad() external {
        Token token = new Token();
        // Token's layout: totalSupply at slot 0, balanceOf at 1 (owner is immutable).
        bytes32 slot = keccak256(abi.encode(alice, uint256(1)));
        vm.store(address(token), slot, bytes32(uint256(1234)));
        assertEq(token.balanceOf(alice), 1234);
        assertEq(vm.load(address(token), slot), bytes32(uint256(1234)));
        assertEq(vm.load(address(token), bytes32(uint256(7))), bytes32(0));
    }

    function check_etch() external {
        address target = address(0xC0DE);
        vm.etch(target, address(witness).code);
        (address sender,) = Witness(target).who();
        assertEq(sender, address(this));
        assertEq(keccak256(target.code), keccak256(address(witness).code));
    }

    function check_nonce() external {
        vm.setNonce(alice, 7);
        assertEq(uint256(vm.getNonce(alice)), 7);
    }

    function check_labelAndMakeAddr() external {
        address bob = makeAddr("bob");
        assertEq(bob, vm.addr(uint256(keccak256(abi.encodePacked("bob")))));
        assertEq(vm.getLabel(bob), "bob");
    }

    function check_addrAndSign() external {
        uint256 key = 0xA11CE;
        address signer = vm.addr(key);
        bytes32 digest = keccak256("lookout");
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        assertEq(ecrecover(digest, v, r, s), signer);
        assertTrue(uint256(s) <= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0, "low s");
    }

    function check_addrOfOne() external {
        // The address of private key 1 is a well-known constant.
        assertEq(vm.addr(1), 0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf);
    }

    function check_getCode() external {
        address token = deployCode("Token.sol:Token");
        assertEq(Token(token).owner(), address(this));
        address byName = deployCode("Token");
        address byFile = deployCode("Token.sol");
        address byJson = deployCode("out/Token.sol/Token.json");
        address vault = deployCode("src/Vault.sol:Vault", abi.encode(token));
        assertEq(address(Vault(vault).asset()), token);
        assertTrue(byName != address(0) && byFile != address(0) && byJson != address(0));
        assertEq(keccak256(vm.getDeployedCode("Witness")), keccak256(address(witness).code));
    }

    function failing_getCodeMissing() external {
        vm.getCode("Nowhere.sol:Nothing");
    }

    function check_expectRevertAny() external {
        vm.expectRevert();
        witness.fail("anything");
    }

    function check_expectRevertMessage() external {
        vm.expectRevert(bytes("exact"));
        witness.fail("exact");
        vm.expectRevert(abi.encodeWithSignature("Error(string)", "encoded"));
        witness.fail("encoded");
    }

    function check_expectRevertCustom() external {
        vm.expectRevert(abi.encodeWithSelector(Witness.Custom.selector, 7));
        witness.failCustom(7);
        vm.expectPartialRevert(Witness.Custom.selector);
        witness.failCustom(8);
    }

    function check_expectRevertReverter() external {
        vm.expectRevert(bytes("deep"), address(other));
        witness.failVia(other);
        vm.expectRevert(address(other));
        witness.failVia(other);
    }

    function check_expectRevertCount() external {
        vm.expectRevert(Witness.Custom.selector, 0);
        witness.who();
        vm.expectRevert(uint64(2));
        witness.fail("one");
        witness.fail("two");
    }

    function check_expectRevertIgnoresCheatcodeCalls() external {
        vm.expectRevert(bytes("after prank"));
        vm.prank(alice);
        witness.fail("after prank");
    }

    function failing_expectRevertWrongMessage() external {
        vm.expectRevert(bytes("expected"));
        witness.fail("actual");
    }

    function failing_expectRevertNoRevert() external {
        vm.expectRevert();
        witness.who();
    }

    function failing_expectRevertBytes4NeedsExactData() external {
        vm.expectRevert(Witness.Custom.selector);
        witness.failCustom(1);
    }

    function failing_expectRevertWrongReverter() external {
        vm.expectRevert(address(witness));
        witness.failVia(other);
    }

    function check_expectEmit() external {
        vm.expectEmit();
        emit Seen(address(this), 1, 10);
        witness.see(1, 10);

        vm.expectEmit(true, false, false, false);
        emit Seen(address(this), 999, 999);
        witness.see(2, 20);

        vm.expectEmit(address(witness));
        emit Seen(address(this), 3, 30);
        witness.see(3, 30);
    }

    function failing_expectEmitWrongData() external {
        vm.expectEmit(true, true, false, true);
        emit Seen(address(this), 1, 10);
        witness.see(1, 11);
    }

    function failing_expectEmitWrongEmitter() external {
        vm.expectEmit(address(other));
        emit Seen(address(this), 1, 10);
        witness.see(1, 10);
    }

    function check_recordLogs() external {
        vm.recordLogs();
        witness.see(4, 40);
        witness.see(5, 50);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 2);
        assertEq(logs[0].emitter, address(witness));
        assertEq(logs[1].topics[2], bytes32(uint256(5)));
        assertEq(abi.decode(logs[1].data, (uint256)), 50);
        assertEq(vm.getRecordedLogs().length, 0);
    }

    function check_recordAccesses() external {
        Token token = new Token();
        vm.record();
        token.balanceOf(alice);
        (bytes32[] memory reads, bytes32[] memory writes) = vm.accesses(address(token));
        assertEq(reads.length, 1);
        assertEq(writes.length, 0);
        assertEq(reads[0], keccak256(abi.encode(alice, uint256(1))));
        token.mint(alice, 1);
        (reads, writes) = vm.accesses(address(token));
        assertEq(writes.length, 2); // totalSupply, then balanceOf[alice]
        assertEq(writes[0], bytes32(0));
    }

    function check_expectCall() external {
        vm.expectCall(address(witness), abi.encodeCall(Witness.see, (1, 2)));
        vm.expectCall(address(witness), abi.encodeWithSelector(Witness.who.selector), 2);
        vm.expectCall(address(witness), 1 ether, abi.encodeCall(Witness.pay, ()));
        witness.see(1, 2);
        witness.who();
        witness.who();
        witness.pay{value: 1 ether}();
    }

    function failing_expectCallMissing() external {
        vm.expectCall(address(witness), abi.encodeCall(Witness.see, (1, 2)));
        witness.see(1, 3);
    }

    function check_envOr() external {
        assertEq(vm.envOr("LOOKOUT_UNSET", uint256(42)), 42);
        assertEq(vm.envOr("LOOKOUT_UNSET", alice), alice);
        assertEq(vm.envOr("LOOKOUT_UNSET", true), true);
        vm.makePersistent(alice);
    }

    function failing_envUint() external view {
        vm.envUint("LOOKOUT_UNSET");
    }

    function check_assertions() external pure {
        vm.assertNotEq(uint256(1), uint256(2));
        vm.assertGt(uint256(2), uint256(1));
        vm.assertLe(uint256(2), uint256(2));
        vm.assertApproxEqAbs(uint256(100), uint256(103), 3);
        vm.assertApproxEqRel(uint256(101), uint256(100), 0.01e18);
        uint256[] memory a = new uint256[](2);
        uint256[] memory b = new uint256[](2);
        a[0] = 1; b[0] = 1;
        vm.assertEq(a, b);
    }

    function failing_assertEq() external pure {
        vm.assertEq(uint256(1), uint256(2), "amounts");
    }

    function failing_assume() external pure {
        vm.assume(false);
    }

    function failing_fork() external {
        vm.createSelectFork("mainnet");
    }

    /// Exact calldata wins over a selector-only mock; a mock with a value covers only that value and
    /// moves none; a callee without code gets some; clearMockedCalls ends them all.
    function check_mockCall() external {
        vm.mockCall(address(witness), abi.encodeWithSelector(Witness.echo.selector), abi.encode(7));
        vm.mockCall(address(witness), abi.encodeCall(Witness.echo, (1)), abi.encode(100));
        assertEq(witness.echo(1), 100);
        assertEq(witness.echo(2), 7);
        vm.mockCall(address(witness), 1 ether, abi.encodeWithSelector(Witness.pay.selector), abi.encode(address(0xBEEF)));
        assertEq(witness.pay{value: 1 ether}(), address(0xBEEF));
        assertEq(address(witness).balance, 0);
        assertEq(witness.pay{value: 2}(), address(this));
        assertEq(address(witness).balance, 2);
        address nowhere = address(0xC0DE);
        vm.mockCall(nowhere, abi.encodeWithSelector(Witness.echo.selector), abi.encode(42));
        assertEq(Witness(nowhere).echo(0), 42);
        vm.clearMockedCalls();
        assertEq(witness.echo(2), 2);
    }

    /// A mocked revert is what expectRevert sees; mockCalls answers in turn and repeats its last answer.
    function check_mockCallRevertAndInTurn() external {
        vm.mockCallRevert(address(witness), abi.encodeWithSelector(Witness.echo.selector), abi.encodeWithSignature("Error(string)", "mocked"));
        vm.expectRevert(bytes("mocked"));
        witness.echo(3);
        bytes[] memory answers = new bytes[](2);
        answers[0] = abi.encode(1);
        answers[1] = abi.encode(2);
        vm.mockCalls(address(other), abi.encodeWithSelector(Witness.echo.selector), answers);
        assertEq(other.echo(9), 1);
        assertEq(other.echo(9), 2);
        assertEq(other.echo(9), 2);
    }

    uint256 internal slot0 = 10;

    /// snapshotState/revertToState: storage, balances and block fields come back; the snapshot stays
    /// until revertToStateAndDelete or deleteStateSnapshot; an unknown id answers false.
    function check_snapshotState() external {
        (uint256 time, uint256 height) = (block.timestamp, block.number);
        vm.deal(address(this), 5 ether);
        uint256 id = vm.snapshotState();
        slot0 = 300;
        vm.deal(address(this), 500 ether);
        vm.warp(12345);
        vm.roll(99);
        assertTrue(vm.revertToState(id));
        assertEq(slot0, 10);
        assertEq(address(this).balance, 5 ether);
        assertEq(vm.getBlockTimestamp(), time);
        assertEq(vm.getBlockNumber(), height);
        slot0 = 400;
        assertTrue(vm.revertToStateAndDelete(id));
        assertEq(slot0, 10);
        assertFalse(vm.revertToState(id));
        uint256 second = vm.snapshotState();
        assertEq(second, id + 1);
        assertTrue(vm.deleteStateSnapshot(second));
        assertFalse(vm.deleteStateSnapshot(second));
    }

    /// The deprecated names (`snapshot`, `revertTo`) do the same; a contract created after the snapshot is gone.
    function check_snapshotOldNames() external {
        uint256 id = vm.snapshot();
        Witness created = new Witness();
        slot0 = 1;
        assertTrue(vm.revertTo(id));
        assertEq(address(created).code.length, 0);
        assertEq(slot0, 10);
        vm.deleteStateSnapshots();
        assertFalse(vm.revertTo(id));
    }

    /// toString: checksummed addresses, 0x-hex words, decimal numbers; parse* reads them back.
    function check_toStringAndParse() external {
        assertEq(vm.toString(address(0xA11CE)), "0x00000000000000000000000000000000000A11cE");
        assertEq(vm.toString(bytes32(uint256(0xbeef))), "0x000000000000000000000000000000000000000000000000000000000000beef");
        assertEq(vm.toString(true), "true");
        assertEq(vm.toString(uint256(1234)), "1234");
        assertEq(vm.toString(int256(-5)), "-5");
        assertEq(vm.parseUint("1234"), 1234);
        assertEq(vm.parseUint("0xff"), 255);
        assertTrue(vm.parseInt("-5") == -5);
        assertEq(vm.parseAddress("0x00000000000000000000000000000000000a11ce"), address(0xA11CE));
        assertTrue(vm.parseBool("true"));
    }

    function failing_parseUint() external {
        vm.parseUint("12a");
    }

    /// parseBytes32 takes exactly 32 bytes of hex (forge pads nothing).
    function check_parseBytes32() external {
        assertEq(vm.parseBytes32("0x000000000000000000000000000000000000000000000000000000000000beef"), bytes32(uint256(0xbeef)));
        assertEq(vm.parseBytes32("00000000000000000000000000000000000000000000000000000000000000ff"), bytes32(uint256(0xff)));
        bytes32 word = keccak256("lookout");
        assertEq(vm.parseBytes32(vm.toString(word)), word);
    }

    function failing_parseBytes32() external {
        vm.parseBytes32("0x1234");
    }

    /// mockFunction: a call with exactly the mocked calldata, or (failing that) the mocked selector,
    /// runs the target's code at the callee's address; other calls run the callee's own code.
    function check_mockFunction() external {
        DoublingEcho doubling = new DoublingEcho();
        vm.mockFunction(address(witness), address(doubling), abi.encodeCall(Witness.echo, (3)));
        assertEq(witness.echo(3), 6);
        assertEq(witness.echo(4), 4);
        vm.mockFunction(address(other), address(doubling), abi.encodeWithSelector(Witness.echo.selector));
        assertEq(other.echo(5), 10);
        assertEq(other.echo(6), 12);
        // The callee's context: DoublingEcho's here() at other's address answers other's address.
        vm.mockFunction(address(other), address(doubling), abi.encodeWithSelector(DoublingEcho.here.selector));
        assertEq(DoublingEcho(address(other)).here(), address(other));
    }

    /// Pranks belong to a depth: a called contract's prank changes its own call, not the test's
    /// startPrank; a startPrank left by a call that reverted before stopPrank stays (forge keeps
    /// cheatcode state through a revert).
    function check_nestedPranks() external {
        PrankingHelper helper = new PrankingHelper();
        vm.startPrank(alice);
        address inner = helper.prankedWho(witness, address(0xB0B));
        (address outer,) = witness.who();
        vm.stopPrank();
        assertEq(inner, address(0xB0B));
        assertEq(outer, alice);
        try helper.startPrankThenRevert(witness) {} catch {}
        assertEq(helper.who(witness), address(0xB0B));
    }

    function failing_unknown() external {
        (bool ok, bytes memory data) = address(vm).call(abi.encodeWithSignature("parseJson(string)", "{}"));
        if (!ok) assembly { revert(add(data, 32), mload(data)) }
    }
}
