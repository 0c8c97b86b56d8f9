// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Test} from "forge-std/Test.sol";
import {AllowanceTransfer} from "../src/AllowanceTransfer.sol";
import {IAllowanceTransfer} from "../src/interfaces/IAllowanceTransfer.sol";
import {MockToken} from "./mocks/MockToken.sol";

contract AllowanceTransferTest is Test {
    AllowanceTransfer internal permit;
    MockToken internal token;

    address internal constant OWNER = address(0xA11CE);
    address internal constant SPENDER = address(0xB0B);
    address internal constant RECIPIENT = address(0xCAFE);

    function setUp() public {
        permit = new AllowanceTransfer();
        token = new MockToken("Test Token", "TT", 18);
        token.mint(OWNER, 1_000 ether);
        vm.prank(OWNER);
        token.approve(address(permit), type(uint256).max);
    }

    function testTransferWithinAllowance() public {
        vm.prank(OWNER);
        permit.approve(address(token), SPENDER, 100 ether, uint48(block.timestamp + 1 days));

        vm.prank(SPENDER);
        permit.transferFrom(OWNER, RECIPIENT, 40 ether, address(token));

        assertEq(token.balanceOf(RECIPIENT), 40 ether);
        (uint160 left, ) = permit.allowance(OWNER, address(token), SPENDER);
        assertEq(left, 60 ether);
    }

    function testLockdownRevokes() public {
        vm.prank(OWNER);
        permit.approve(address(token), SPENDER, 100 ether, uint48(block.timestamp + 1 days));

        IAllowanceTransfer.TokenSpenderPair[] memory approvals = new IAllowanceTransfer.TokenSpenderPair[](1);
        approvals[0] = IAllowanceTransfer.TokenSpenderPair(address(token), SPENDER);
        vm.prank(OWNER);
        permit.lockdown(approvals);

        (uint160 left, ) = permit.allowance(OWNER, address(token), SPENDER);
        assertEq(left, 0);
    }
}
