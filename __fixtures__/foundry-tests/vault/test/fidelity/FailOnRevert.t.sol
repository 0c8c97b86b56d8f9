// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// The vault's deposit() as the only target: no sender holds tokens, so every deposit reverts
/// ("zero deposit", or the token's transferFrom). Whether that fails the run is forge's `fail_on_revert`.
abstract contract DepositOnlySetUp is Test {
    Vault internal vault;

    function setUp() public {
        Token token = new Token();
        vault = new Vault(token);
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = Vault.deposit.selector;
        targetContract(address(vault));
        targetSelector(FuzzSelector({addr: address(vault), selectors: selectors}));
    }

    function invariant_sharesWithinSupply() public view {
        assertLe(vault.totalShares(), type(uint128).max);
    }
}

/// fail_on_revert from the inline config on the contract: a reverting deposit() fails the run.
/// forge-config: default.invariant.fail-on-revert = true
contract FailOnRevertInlineTest is DepositOnlySetUp {}

/// The contract's inline setting, turned off again for its one invariant: reverts are passed over.
/// forge-config: default.invariant.fail-on-revert = true
contract FailOnRevertOverriddenTest is DepositOnlySetUp {
    /// forge-config: default.invariant.fail-on-revert = false
    function invariant_nothingWithdrawn() public view {
        assertLe(vault.totalShares(), type(uint128).max);
    }
}

/// No inline setting: foundry.toml (off here, forge's default) decides.
contract FailOnRevertDefaultTest is DepositOnlySetUp {}
