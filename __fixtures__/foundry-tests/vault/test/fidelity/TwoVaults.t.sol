// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// setUp() deploys two instances of one contract and targets only the second: the report and the
/// reproducer must address its calls to that instance (by address), not to the first of the name.
contract TwoVaultsInvariantTest is Test {
    Vault internal idle;
    Vault internal busy;

    function setUp() public {
        Token token = new Token();
        idle = new Vault(token);
        busy = new Vault(token);
        address alice = address(0xA11CE);
        token.mint(alice, 100 ether);
        vm.prank(alice);
        token.approve(address(busy), type(uint256).max);
        targetContract(address(busy));
        bytes4[] memory deposits = new bytes4[](1);
        deposits[0] = Vault.deposit.selector;
        targetSelector(FuzzSelector({addr: address(busy), selectors: deposits}));
        targetSender(alice);
    }

    /// The busy vault's shares stay under 10 ether: a large enough deposit from alice breaks it.
    function invariant_busyVaultSmall() public view {
        assertLe(busy.totalShares(), 10 ether);
    }
}
