// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Vm} from "forge-std/Vm.sol";
import {StdInvariant} from "forge-std/StdInvariant.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// A test base in the style of ds-test and of forge-std before 1.8: a failed assertion does not
/// revert, it raises a failure flag (the test's own `_failed` and the slot `"failed"` of the
/// cheatcode address) that forge reads after the call. Written for Lookout's fixtures.
abstract contract FlaggingTest is StdInvariant {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    bool public IS_TEST = true;
    bool private _failed;

    event log(string);

    function failed() public view returns (bool) {
        return _failed || vm.load(address(vm), bytes32("failed")) != bytes32(0);
    }

    function fail() internal {
        vm.store(address(vm), bytes32("failed"), bytes32(uint256(1)));
        _failed = true;
    }

    function assertLe(uint256 left, uint256 right) internal {
        if (left > right) {
            emit log("Error: a <= b not satisfied [uint]");
            fail();
        }
    }
}

/// Deposits for two funded actors: the handler the invariant suites below target.
contract FlaggedVaultHandler {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    Token internal immutable token;
    Vault internal immutable vault;

    constructor(Token token_, Vault vault_) {
        token = token_;
        vault = vault_;
    }

    function deposit(bool second, uint256 amount) external {
        address who = second ? address(0xB0B) : address(0xA11CE);
        // Once an actor has deposited everything, there is nothing left to bound the amount by.
        uint256 balance = token.balanceOf(who);
        if (balance == 0) return;
        amount = 1 + amount % balance;
        vm.prank(who);
        vault.deposit(amount);
    }
}

abstract contract FlaggedVaultSetUp is FlaggingTest {
    Vault internal vault;

    function setUp() public {
        Token token = new Token();
        vault = new Vault(token);
        FlaggedVaultHandler handler = new FlaggedVaultHandler(token, vault);
        address[2] memory actors = [address(0xA11CE), address(0xB0B)];
        for (uint256 i = 0; i < 2; i++) {
            token.mint(actors[i], 100 ether);
            vm.prank(actors[i]);
            token.approve(address(vault), type(uint256).max);
        }
        targetContract(address(handler));
    }
}

/// Broken: the actors hold 200 ether between them, and a deposit of more than 60 passes the cap.
contract FlaggedCapInvariantTest is FlaggedVaultSetUp {
    function invariant_sharesWithinCap() public {
        assertLe(vault.totalShares(), 60 ether);
    }
}

/// The safe twin: the cap is what the actors hold, which deposits never pass.
contract FlaggedSupplyInvariantTest is FlaggedVaultSetUp {
    function invariant_sharesWithinSupply() public {
        assertLe(vault.totalShares(), 200 ether);
    }
}

/// Unit tests judged by the flag: raised and kept fails the test; raised in a call that then
/// reverted is taken back with it (forge reads the slot after the call), so that test passes.
contract FlaggedUnitTest is FlaggingTest {
    function test_flagRaised() public {
        assertLe(2, 1);
    }

    function test_flagRaisedInRevertedCall() public {
        try this.raiseThenRevert() {} catch {}
    }

    function raiseThenRevert() external {
        vm.store(address(vm), bytes32("failed"), bytes32(uint256(1)));
        revert("taken back");
    }
}
