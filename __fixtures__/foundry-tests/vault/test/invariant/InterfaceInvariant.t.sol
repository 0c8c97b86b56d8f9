// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// targetInterface: a copy of the vault's code etched at an address setUp() did not create, called
/// through Vault's ABI, beside the token it targets by address.
contract InterfaceInvariantTest is Test {
    address internal constant ETCHED = address(0xbeef);
    Token internal token;

    function setUp() public {
        token = new Token();
        Vault vault = new Vault(token);
        vm.etch(ETCHED, address(vault).code);
        targetContract(address(token));
        string[] memory artifacts = new string[](1);
        artifacts[0] = "src/Vault.sol:Vault";
        targetInterface(FuzzInterface({addr: ETCHED, artifacts: artifacts}));
    }

    function invariant_supplyIsMinted() public view {
        assertGe(token.totalSupply(), 0);
    }
}
